/**
 * End to end on a temporary copy of fixtures/nodetool-mini: `capkit migrate --all --json`
 * converts every capability-shaped class it can, refuses the rest with reasons, the counters
 * move as they should, the copy type-checks and its own behaviour suite passes through the
 * adapters; a second run changes nothing. Plus `--typecheck` rolling back on new errors.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCapkit } from "../../bin/test-support/run-capkit.js";
import { scanInventory } from "../../inventory/index.js";
import { loadConfig } from "../../lib/config/index.js";
import { REFUSAL_CODES } from "../tool-class-to-capability/index.js";
import { runTypecheck } from "./typecheck.js";
import { runBehaviourSuite } from "../test-support/behaviour-suite.js";
import { snapshotTree, tempProject } from "../test-support/temp-project.js";
import { TOOLCHAIN_TEST_TIMEOUT_MS } from "../../lib/test-support/toolchain-timeout.js";

const FIXTURE = fileURLToPath(new URL("../../fixtures/nodetool-mini", import.meta.url));
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const cli = (argv: string[], tty = false) => runCapkit(argv, { stderrIsTTY: tty });

describe("capkit migrate on a copy of fixtures/nodetool-mini", { timeout: TOOLCHAIN_TEST_TIMEOUT_MS }, () => {
  it("converts every capability-shaped class it can, type-checks, and keeps the behaviour suite green", async () => {
    const root = tempProject(FIXTURE);
    roots.push(root);
    const { config } = loadConfig(root);
    const before = await scanInventory(root, { config });
    const run = await cli(["migrate", root, "--all", "--json"]);
    expect(run.stderr).toBe("");
    const out = JSON.parse(run.stdout) as {
      namespaces: {
        namespace: string;
        converted: string[];
        warnings?: string[];
        refused: { class: string; file: string; code: string; reason: string; fix: string }[];
        filesWritten: string[];
      }[];
      callSitesRewritten: number;
    };
    const converted = out.namespaces.flatMap((n) => n.converted);
    const refused = out.namespaces.flatMap((n) => n.refused);
    expect(run.code).toBe(refused.length ? 1 : 0);
    // 47 capability-shaped classes: 45 concrete ones convert (http_get/http_post by flattening their
    // abstract base HttpTool, which has no wire name of its own and is removed), one is refused.
    expect(before.counters.capabilityShaped).toBe(47);
    expect(converted).toHaveLength(45);
    expect(converted).toEqual(expect.arrayContaining(["http_get", "http_post"]));
    expect(out.namespaces.find((n) => n.namespace === "web")?.warnings).toContain(
      "HttpTool (abstract base) was flattened into http_get, http_post and removed",
    );
    // The one refusal that must stay: VectorBatchIndexTool's userMessage names this.collection (a
    // constructor dependency, run.vectorCollection after migration), but a spec's userMessage(args)
    // is called with the arguments only — there is no run to read the collection from.
    expect(refused.map((r) => r.class)).toEqual(["VectorBatchIndexTool"]);
    expect(refused[0]?.code).toBe("unsupported-shape");
    expect(refused[0]?.reason).toMatch(
      /^unsupported-shape at packages\/agents\/src\/tools\/vector-tools\.ts:\d+: .*userMessage reads this\.collection.*no run/,
    );
    const flattenedBases = 1; // HttpTool
    expect(converted.length + refused.length + flattenedBases).toBe(before.counters.capabilityShaped);
    for (const r of refused) {
      expect(r.reason.startsWith(`${r.code} at `), r.reason).toBe(true);
      expect(r.reason).toMatch(/ at [^ ]+:\d+: .*to unblock: /);
      expect(r.fix).not.toBe("");
    }
    // Every refusal is one the inventory or the class shape forces: blockers, no namespace, or a userMessage reading state.
    const refusedByInventory = before.classes
      .filter((c) => c.kind === "capability" && (c.blockers.length > 0 || !c.namespace))
      .map((c) => c.name);
    const shapeCodes = Object.keys(REFUSAL_CODES);
    for (const r of refused.filter((x) => !refusedByInventory.includes(x.class))) expect(shapeCodes).toContain(r.code);
    expect(out.callSitesRewritten).toBeGreaterThan(0);

    const after = await scanInventory(root, { config });
    expect(after.counters.capabilityShaped).toBe(refused.length);
    expect(after.counters.loopProtocol).toBe(before.counters.loopProtocol);
    expect(JSON.parse(readFileSync(join(root, ".capkit/results/migrate.json"), "utf8")).namespaces.length).toBe(
      out.namespaces.length,
    );

    const tc = runTypecheck(root);
    expect(tc.errors, tc.errors.join("\n")).toEqual([]);
    // The fixture's config has no hand-written seam exceptions: migrate wrote the ones its belts need.
    const lint = await cli(["lint", root, "--json"]);
    expect(JSON.parse(lint.stdout).violations).toEqual([]);
    expect(lint.code).toBe(0);
    const written =
      (
        JSON.parse(readFileSync(join(root, "capkit.config.json"), "utf8")) as {
          seam?: { exceptions?: { from: string; reason: string }[] };
        }
      ).seam?.exceptions ?? [];
    expect(written.map((e) => e.from).sort()).toEqual([
      "packages/agents/src/tools/builtin-tools.ts",
      "packages/agents/src/tools/mcp-tools.ts",
    ]);
    for (const e of written) expect(e.reason).toMatch(/^belt assembly: .*no-seam-cycle still checks/);
    const suite = runBehaviourSuite(root);
    expect(suite.ok, suite.output.slice(-4000)).toBe(true);

    const snapshot = snapshotTree(root);
    const again = await cli(["migrate", root, "--all", "--json", "--allow-dirty"]);
    const second = JSON.parse(again.stdout) as { namespaces: { converted: string[]; filesWritten: string[] }[] };
    expect(second.namespaces.flatMap((n) => n.converted)).toEqual([]);
    expect(second.namespaces.flatMap((n) => n.filesWritten)).toEqual([]);
    expect(snapshotTree(root)).toEqual(snapshot);
  }, 240_000); // migrate, tsc, lint, the behaviour suite and a second migrate in one case: slow under load

  function smallProject(): string {
    const basic = fileURLToPath(
      new URL("../tool-class-to-capability/__testfixtures__/basic-json-schema/input", import.meta.url),
    );
    const root = tempProject(basic, {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        include: ["src/**/*.ts"],
      }),
      "package.json": JSON.stringify({ type: "module" }),
      ".gitignore": "node_modules/\n",
      "capkit.config.json": JSON.stringify({
        codemods: { capabilitiesDir: "src/capabilities" },
        scan: { include: ["src/**/*.ts"] },
        classify: { overrides: { ListJobsTool: "capability" } },
      }),
    });
    roots.push(root);
    return root;
  }

  it("shows progress on stderr only when it is a terminal; --json keeps stdout to one document", async () => {
    const root = smallProject();
    const quiet = await cli(["migrate", root, "--namespace", "jobs", "--dry-run", "--json"]);
    expect(quiet.stderr).toBe("");
    expect(JSON.parse(quiet.stdout).dryRun).toBe(true);
    // The diff the text output shows first is in the JSON too: a CI step can post it for review.
    const diff = (JSON.parse(quiet.stdout) as { diff?: string }).diff ?? "";
    expect(diff).toMatch(/^--- \/dev\/null\n\+\+\+ b\/src\/capabilities\/jobs\.ts$/m);
    expect(diff).toContain("-export class ListJobsTool");
    const tty = await cli(["migrate", root, "--namespace", "jobs", "--dry-run", "--json"], true);
    expect(tty.stderr).toContain("migrate: plan jobs");
    expect(JSON.parse(tty.stdout).namespaces[0].converted).toEqual(["list_jobs"]);
  });

  it("--typecheck rolls the apply back when it adds type errors", async () => {
    const root = smallProject();
    // A project that has node_modules but not capkit's runtime: the migrated imports cannot resolve.
    for (const dep of ["zod", "capkit"]) mkdirSync(join(root, "node_modules", dep), { recursive: true });
    writeFileSync(join(root, "node_modules/zod/package.json"), "{}");
    const before = snapshotTree(root);
    const run = await cli(["migrate", root, "--namespace", "jobs", "--typecheck", "--json"]);
    const out = JSON.parse(run.stdout) as {
      rolledBack?: string;
      typecheck?: { newErrors: string[] };
      applied: boolean;
    };
    expect(run.code).toBe(1);
    expect(out.applied).toBe(false);
    expect(out.rolledBack).toContain("rolled back");
    expect(out.typecheck?.newErrors.some((e) => e.includes("capkit/runtime"))).toBe(true);
    expect(out).not.toHaveProperty("diff");
    expect(snapshotTree(root)).toEqual(before);
  });
});
