import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../../lib/config/index.js";
import { EnvironmentError, UsageError } from "../../lib/errors.js";
import { inventoryFromPartial } from "../test-support/index.js";
import { VirtualTree } from "../plan.js";
import {
  ApplyError,
  applyPlan,
  journalDir,
  nodeApplyFs,
  recoverInterruptedApply,
  runMigration,
  validatePlan,
  type MigrateOptions,
} from "./index.js";
import { snapshotTree, tempProject } from "../test-support/temp-project.js";

const FIXTURES = fileURLToPath(new URL("../tool-class-to-capability/__testfixtures__", import.meta.url));
const BASIC = join(FIXTURES, "basic-json-schema");
const roots: string[] = [];

function project(fixture = BASIC): string {
  const root = tempProject(join(fixture, "input"));
  roots.push(root);
  return root;
}

function options(root: string, fixture = BASIC, extra: Partial<MigrateOptions> = {}): MigrateOptions {
  const config = defaultConfig();
  return {
    root,
    namespaces: "all",
    config: { ...config, codemods: { ...config.codemods, capabilitiesDir: "src/capabilities" } },
    inventory: inventoryFromPartial(JSON.parse(readFileSync(join(fixture, "inventory.json"), "utf8")), root),
    ...extra,
  };
}

afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe("capkit migrate runner", () => {
  it("--dry-run prints the whole plan as a diff and writes nothing", async () => {
    const root = project();
    const before = snapshotTree(root);
    const result = await runMigration(options(root, BASIC, { dryRun: true }));
    expect(snapshotTree(root)).toEqual(before);
    expect(existsSync(join(root, ".capkit"))).toBe(false);
    expect(result.applied).toBe(false);
    expect(result.diff).toContain("+++ b/src/capabilities/jobs.specs.ts");
    expect(result.diff).toContain("--- a/src/tools/jobs-tools.ts\n+++ /dev/null");
    expect(result.namespaces[0]?.converted).toEqual(["list_jobs"]);
  });

  it("applies the plan and leaves the expected tree", async () => {
    const root = project();
    const result = await runMigration(options(root));
    expect(result.applied).toBe(true);
    const after = snapshotTree(root);
    const expected = snapshotTree(join(BASIC, "output"));
    expect(after).toEqual(expected);
    expect(existsSync(journalDir(root))).toBe(false);
  });

  it("refuses a dirty git tree unless --allow-dirty, ignoring capkit's own results", async () => {
    const root = project();
    writeFileSync(join(root, "src/context.ts"), "// edited\n");
    await expect(runMigration(options(root))).rejects.toBeInstanceOf(EnvironmentError);
    const result = await runMigration(options(root, BASIC, { allowDirty: true }));
    expect(result.applied).toBe(true);
    const clean = project();
    mkdirSync(join(clean, ".capkit/results"), { recursive: true });
    writeFileSync(join(clean, ".capkit/results/inventory.json"), "{}\n");
    expect((await runMigration(options(clean))).applied).toBe(true);
  });

  it("names the known namespaces for an unknown one, and the one it resembles (exit 2)", async () => {
    const root = project();
    const error = await runMigration(options(root, BASIC, { namespaces: ["jbos"] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
    expect((error as UsageError).format()).toContain('did you mean "jobs"? known namespaces: jobs');
  });

  it("rolls back every file when a write fails midway (injected failure)", async () => {
    const root = project();
    const before = snapshotTree(root);
    let renames = 0;
    const failing = {
      ...nodeApplyFs,
      rename: (a: string, b: string) =>
        ++renames === 3
          ? (() => {
              throw new Error("EIO: injected");
            })()
          : nodeApplyFs.rename(a, b),
    };
    await expect(runMigration(options(root, BASIC, { fs: failing }))).rejects.toBeInstanceOf(ApplyError);
    expect(renames).toBe(3);
    expect(snapshotTree(root)).toEqual(before);
    expect(existsSync(journalDir(root))).toBe(false);
  });

  it("rolls back when a written file does not parse", async () => {
    const root = project();
    const before = snapshotTree(root);
    const corrupting = {
      ...nodeApplyFs,
      writeFile: (p: string, t: string) =>
        nodeApplyFs.writeFile(p, p.endsWith("jobs.ts.capkit-migrate.tmp") ? `${t}\n}}} (` : t),
    };
    const error = await runMigration(options(root, BASIC, { fs: corrupting })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplyError);
    expect((error as ApplyError).problems.some((p) => p.path === "src/capabilities/jobs.ts")).toBe(true);
    expect(snapshotTree(root)).toEqual(before);
  });

  it("validation rejects a plan that would not parse or escapes the root, before writing", () => {
    const root = project();
    const tree = new VirtualTree(
      root,
      () => null,
      () => [],
    );
    tree.write("src/broken.ts", "export const = ;\n");
    tree.write("../outside.ts", "export {};\n");
    const problems = validatePlan(root, tree.changes());
    expect(problems.map((p) => p.path).sort()).toEqual(["../outside.ts", "src/broken.ts"]);
  });

  it("a process killed mid-apply leaves a journal that the next run rolls back", async () => {
    const root = project();
    const before = snapshotTree(root);
    const planned = await runMigration(options(root, BASIC, { dryRun: true }));
    expect(planned.filesWritten.length).toBeGreaterThan(2);
    const tree = new VirtualTree(
      root,
      (p) => (existsSync(join(root, p)) ? readFileSync(join(root, p), "utf8") : null),
      () => Object.keys(before),
    );
    // Plan into a file the child can read: the same changes runMigration would apply.
    const { CODEMODS } = await import("../index.js");
    const ctxBase = options(root);
    for (const e of CODEMODS)
      await e.codemod.run(tree, {
        root,
        inventory: ctxBase.inventory ?? inventoryFromPartial({}, root),
        namespaces: ["jobs"],
        capabilitiesDir: "src/capabilities",
        runFields: ctxBase.config.codemods.runFields,
        keepShims: false,
        runtimeImport: "capkit/runtime",
      });
    const planFile = join(root, ".capkit-plan.json");
    writeFileSync(planFile, JSON.stringify(tree.changes()));
    const child = spawn(
      process.execPath,
      ["--import", "tsx", fileURLToPath(new URL("../test-support/apply-child.ts", import.meta.url)), root, planFile],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => d.toString().includes("paused") && resolve());
      child.on("exit", (code) => reject(new Error(`child exited early (${code})`)));
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    rmSync(planFile);
    expect(existsSync(join(journalDir(root), "journal.json"))).toBe(true);
    expect(snapshotTree(root)).not.toEqual(before); // half-applied
    await expect(runMigration(options(root, BASIC, { dryRun: true }))).rejects.toBeInstanceOf(EnvironmentError);
    expect(recoverInterruptedApply(root)).toBe(true);
    expect(snapshotTree(root)).toEqual(before);
  });

  it("--commit makes one commit per namespace", async () => {
    const fixture = join(FIXTURES, "rerun-adds-never-clobbers");
    const root = project(fixture);
    const result = await runMigration(options(root, fixture, { commit: true }));
    expect(result.commits).toHaveLength(2);
    expect(result.namespaces.map((n) => n.namespace)).toEqual(["email", "jobs"]);
    const { execFileSync } = await import("node:child_process");
    const log = execFileSync("git", ["-C", root, "log", "--format=%s"], { encoding: "utf8" }).trim().split("\n");
    expect(log.slice(0, 2)).toEqual([
      "capkit migrate: jobs namespace to capability modules",
      "capkit migrate: email namespace to capability modules",
    ]);
  });

  it("applyPlan can be undone by the caller (the --typecheck rollback path)", () => {
    const root = project();
    const before = snapshotTree(root);
    const tree = new VirtualTree(
      root,
      (p) => (existsSync(join(root, p)) ? readFileSync(join(root, p), "utf8") : null),
      () => Object.keys(before),
    );
    tree.write("src/new.ts", "export const x = 1;\n");
    tree.delete("src/context.ts");
    const applied = applyPlan(root, tree.changes());
    expect(existsSync(join(root, "src/context.ts"))).toBe(false);
    applied.rollback();
    expect(snapshotTree(root)).toEqual(before);
  });
});
