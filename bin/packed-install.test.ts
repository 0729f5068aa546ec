/**
 * capkit as a user meets it: packed with `npm pack`, installed from the tarball into a fresh
 * NodeTool-shaped git repository outside this checkout (so nothing resolves to this checkout's
 * node_modules), and driven only through the installed package — the `capkit` bin through npx,
 * the README's migration story verbatim, the ESLint plugin from an eslint.config.js, the
 * runtime and sandbox under plain Node, the parity helpers in a vitest file, and the types
 * under both `bundler` and `nodenext` resolution.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InventoryResult } from "../inventory/types.js";
import { TOOLCHAIN_TEST_TIMEOUT_MS } from "../lib/test-support/toolchain-timeout.js";
import { git, makeUserRepo, packCapkit, removeAll, run, type Run } from "./test-support/packed-repo.js";

const EXPECTED = JSON.parse(
  readFileSync(join(import.meta.dirname, "..", "fixtures", "nodetool-mini", "expected-inventory.json"), "utf8"),
) as {
  classes: { kind: string; direct: boolean }[];
};

let pack: ReturnType<typeof packCapkit>;
let repo = "";
const capkit = (...args: string[]): Run => run(repo, "npx", ["--no-install", "capkit", ...args]);
const npx = (...args: string[]): Run => run(repo, "npx", ["--no-install", ...args]);
const explain = (r: Run) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
function commitAll(message: string): void {
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "--allow-empty", "-m", message);
}

// Whole processes (npm, tsc, the CLI) run one after another: minutes on a slow machine. The
// limit is a guard against a hang, never a measurement.
vi.setConfig({ testTimeout: TOOLCHAIN_TEST_TIMEOUT_MS });

beforeAll(() => {
  pack = packCapkit();
  repo = makeUserRepo(pack.tarball);
}, TOOLCHAIN_TEST_TIMEOUT_MS);
afterAll(() => removeAll(repo, pack?.dir ?? ""));

describe("the packed tarball", () => {
  it("holds the build, the README and the demo's fixture, and nothing of tests, bench or sources", () => {
    const files = pack.files;
    expect(files).toContain("package.json");
    expect(files).toContain("dist/bin/run.js");
    expect(files).toContain("dist/runtime/index.d.ts");
    expect(
      files.filter((f) => !f.startsWith("dist/") && !["package.json", "README.md", "LICENSE"].includes(f)),
    ).toEqual([]);
    expect(files.filter((f) => /\.test\.[cm]?[jt]s$/.test(f))).toEqual([]);
    // The demo's fixture keeps its test helpers (parity builds its context from them); nothing else may.
    expect(
      files.filter(
        (f) =>
          !f.startsWith("dist/demo/") &&
          /(^|\/)(tests?|test-support|testing|__fixtures__|__testfixtures__|bench)\//.test(f),
      ),
    ).toEqual([]);
    const sources = files.filter((f) => /\.ts$/.test(f) && !f.endsWith(".d.ts"));
    expect(sources.filter((f) => !f.startsWith("dist/demo/"))).toEqual([]);
  });
});

describe("npx capkit, installed from the tarball", () => {
  it("runs through node_modules/.bin and prints the command table", () => {
    const r = capkit("--help");
    expect(r.code, explain(r)).toBe(0);
    expect(r.stdout).toMatch(/inventory/);
    expect(r.stdout).toMatch(/migrate/);
  });

  it("--version prints the installed package's version", () => {
    const r = capkit("--version");
    expect(r.code, explain(r)).toBe(0);
    expect(r.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8")) as { version: string })
        .version,
    );
  });

  it("inventory --json prints the fixture's counters", () => {
    const r = capkit("inventory", "--json");
    expect(r.code, explain(r)).toBe(0);
    const inv = JSON.parse(r.stdout) as InventoryResult;
    const kinds = new Map<string, number>();
    for (const c of EXPECTED.classes) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
    expect(inv.counters.capabilityShaped).toBe(kinds.get("capability"));
    expect(inv.counters.extendsTool.occurrences).toBe(EXPECTED.classes.filter((c) => c.direct).length);
    for (const [kind, n] of kinds) expect(inv.counters.byKind[kind as keyof typeof inv.counters.byKind], kind).toBe(n);
  });

  it("the README's migration story works verbatim, and --check fails when a capability-shaped class is added", () => {
    let r = capkit("inventory", "--update-baseline");
    expect(r.code, explain(r)).toBe(0);
    expect(existsSync(join(repo, ".capkit", "baseline.json"))).toBe(true);
    commitAll("capkit: baseline");

    r = capkit("inventory", "--check");
    expect(r.code, explain(r)).toBe(0);

    const extra = join(repo, "packages/agents/src/tools/archive-tools.ts");
    writeFileSync(
      extra,
      `import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

export class ArchiveEmailTool extends Tool {
  readonly name = "archive_email";
  readonly description = "Archive one message by id.";
  readonly jsonSchema = { type: "object", properties: { id: { type: "string" } }, required: ["id"] };
  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { archived: params["id"] };
  }
}
`,
    );
    const belt = join(repo, "packages/agents/src/tools/builtin-tools.ts");
    const before = readFileSync(belt, "utf8");
    writeFileSync(
      belt,
      before
        .replace(
          'import type { Tool } from "./base-tool.js";',
          'import { ArchiveEmailTool } from "./archive-tools.js";\nimport type { Tool } from "./base-tool.js";',
        )
        .replace("    new HttpPostTool(),", "    new HttpPostTool(),\n    new ArchiveEmailTool(),"),
    );
    r = capkit("inventory", "--check");
    expect(r.code, explain(r)).toBe(1);
    git(repo, "checkout", "-q", "--", ".");
    removeAll(extra);

    r = capkit("parity", "--record");
    expect(r.code, explain(r)).toBe(0);
    commitAll("capkit: parity recording");

    r = capkit("migrate", "--namespace", "workflows", "--dry-run");
    expect(r.code, explain(r)).toBe(0);
    r = capkit("migrate", "--namespace", "workflows", "--dry-run", "--json");
    expect(r.code, explain(r)).toBe(0);
    expect((JSON.parse(r.stdout) as { diff: string }).diff).toMatch(
      /^\+\+\+ b\/packages\/agents\/src\/capabilities\/workflows\.ts$/m,
    );
    r = capkit("migrate", "--namespace", "workflows");
    expect(r.code, explain(r)).toBe(0);
    commitAll("capkit: migrate workflows");

    r = capkit("lint");
    expect(r.code, explain(r)).toBe(0);
    // From a package folder: the repository's config and seam exceptions, not that folder alone.
    r = run(join(repo, "packages/agents"), "npx", ["--no-install", "capkit", "lint"]);
    expect(r.code, explain(r)).toBe(0);
    expect(r.stderr).toContain(`capkit lint: running on ${repo}`);
    r = capkit("parity");
    expect(r.code, explain(r)).toBe(0);
    r = capkit("inventory", "--check", "--reporter", "github");
    expect(r.code, explain(r)).toBe(0);
    r = capkit("dashboard", "--history", "30");
    expect(r.code, explain(r)).toBe(0);
    expect(readFileSync(join(repo, ".capkit", "dashboard.html"), "utf8")).toMatch(/<html/i);
  });

  it("lint flags a reverse seam import, through the CLI and through the user's eslint.config.js", () => {
    const file = join(repo, "packages/agents/src/tools/email-tools.ts");
    const before = readFileSync(file, "utf8");
    writeFileSync(file, `import "../capabilities/workflows.js";\n${before}`);
    writeFileSync(
      join(repo, "eslint.config.js"),
      'import capkit from "capkit/eslint-plugin";\n\nexport default [capkit.configs.recommended];\n',
    );
    try {
      let r = capkit("lint");
      expect(r.code, explain(r)).toBe(1);
      expect(r.stdout + r.stderr).toMatch(/no-reverse-seam-import/);
      r = npx("eslint", "packages/agents/src/tools/email-tools.ts");
      expect(r.code, explain(r)).toBe(1);
      expect(r.stdout).toMatch(/capkit\/no-reverse-seam-import/);
      expect(r.stdout).toMatch(/email-tools\.ts/);
    } finally {
      writeFileSync(file, before);
      removeAll(join(repo, "eslint.config.js"));
    }
  });

  it("capkit/runtime and capkit/runtime/sandbox load under plain Node, and a guest call reaches invoke", () => {
    let r = run(repo, process.execPath, [
      "-e",
      "import('capkit/runtime').then((m) => console.log(typeof m.createCapabilityRun, typeof m.createCapabilityRegistry))",
    ]);
    expect(r.code, explain(r)).toBe(0);
    expect(r.stdout.trim()).toBe("function function");
    writeFileSync(
      join(repo, "guest-call.mjs"),
      `import { createCapabilityRegistry, createCapabilityRun } from "capkit/runtime";
import { runGuestAction } from "capkit/runtime/sandbox";
const spec = { name: "list_notes", description: "List notes.", inputSchema: { type: "object", properties: {} }, category: "read" };
const registry = createCapabilityRegistry({ notes: { specs: [spec], loader: async () => ({ module: "notes", exports: [{ spec, impl: async () => ["a", "b"] }] }) } });
const run = createCapabilityRun({ context: {}, registry, gate: { mode: "default" } });
const r = await runGuestAction({ source: 'import { list_notes } from "@capkit/platform/notes"; export default async () => list_notes();', run, registry, mounted: ["notes"] });
console.log(JSON.stringify(r.value));
`,
    );
    r = run(repo, process.execPath, ["guest-call.mjs"]);
    expect(r.code, explain(r)).toBe(0);
    expect(r.stdout.trim()).toBe('["a","b"]');
    removeAll(join(repo, "guest-call.mjs"));
  });

  it("a vitest file using capkit/parity/vitest passes on the registry with one namespace migrated", () => {
    const test = join(repo, "packages/agents/tests/capkit-parity.test.ts");
    // The recording covers every tool; those not migrated yet replay through the belts' classes.
    writeFileSync(
      test,
      `import { describeCapabilityParity } from "capkit/parity/vitest";
import { registry } from "../src/capabilities/registry.js";
import { getAllMcpTools, getBuiltinTools } from "../src/index.js";
import { createFakeContext, createFakeDeps } from "./fake-context.js";

describeCapabilityParity(registry, {
  context: () => createFakeContext(),
  deps: () => createFakeDeps(),
  belts: (deps) => [...getBuiltinTools(deps as never), ...getAllMcpTools(deps as never)],
  snapshot: new URL("../src/capabilities/categories.snapshot.json", import.meta.url),
  recording: new URL("../../../.capkit/parity-recording.json", import.meta.url),
});
`,
    );
    const r = npx("vitest", "run", "packages/agents/tests/capkit-parity.test.ts");
    removeAll(test);
    expect(r.code, explain(r)).toBe(0);
    expect(r.stdout).toMatch(/4 passed/);
  });

  it.each(["bundler", "nodenext"])("tsc resolves every entry's types under moduleResolution %s", (resolution) => {
    const dir = join(repo, `types-${resolution}`);
    run(repo, "mkdir", ["-p", dir]);
    writeFileSync(
      join(dir, "check.ts"),
      `import type { CapabilitySpec, CapabilityRun } from "capkit/runtime";
import { createCapabilityRegistry } from "capkit/runtime";
import { runGuestAction } from "capkit/runtime/sandbox";
import plugin from "capkit/eslint-plugin";
import { runChecks } from "capkit/parity";
import { describeCapabilityParity } from "capkit/parity/vitest";
export const spec: CapabilitySpec = { name: "x", description: "x", inputSchema: { type: "object" }, category: "read" };
export type R = CapabilityRun;
export const used = [createCapabilityRegistry, runGuestAction, plugin, runChecks, describeCapabilityParity];
`,
    );
    const module = resolution === "bundler" ? "ESNext" : "NodeNext";
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module,
          moduleResolution: resolution,
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ["node"],
        },
        files: ["check.ts"],
      }),
    );
    const r = npx("tsc", "-p", dir);
    removeAll(dir);
    expect(r.code, explain(r)).toBe(0);
  });

  it("capkit demo runs from the installed package", () => {
    const r = capkit("demo");
    expect(r.code, explain(r)).toBe(0);
    expect(r.stdout).toMatch(/Done/);
    const copy = /copied to (\S+)/.exec(r.stdout)?.[1];
    if (copy) removeAll(copy);
  });
});
