import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runMigration } from "./migrate.js";
import { MigrateProjects } from "../test-support/migrate-project.js";
import { listTreeFiles } from "./tree-files.js";
import { realChanges } from "./validate-plan.js";

const projects = new MigrateProjects("rerun-adds-never-clobbers");
const temps: string[] = [];
afterEach(() => {
  projects.cleanup();
  temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});
afterAll(() => projects.cleanup(true));

function links(root: string, pairs: Record<string, string>): void {
  for (const [link, target] of Object.entries(pairs)) symlinkSync(target, join(root, link));
}

describe("the tree a codemod sees, with symlinks", () => {
  it("follows links once: loops end, a folder or file reached twice is listed once under its real path", () => {
    const root = mkdtempSync(join(tmpdir(), "capkit-tree-"));
    temps.push(root);
    const outside = mkdtempSync(join(tmpdir(), "capkit-outside-"));
    temps.push(outside);
    for (const f of ["src/a.ts", "src/tools/b.ts", "node_modules/dep/c.ts", "shared/d.ts"]) {
      mkdirSync(dirname(join(root, f)), { recursive: true });
      writeFileSync(join(root, f), "export {};\n");
    }
    writeFileSync(join(outside, "e.ts"), "export {};\n");
    links(root, {
      "src/loop": ".",
      "src/tools/up": "../..",
      "src/alias": "tools",
      "src/again.ts": "a.ts",
      "src/dep": "../node_modules/dep",
      "src/out": outside,
      "src/broken": "missing",
    });
    expect(listTreeFiles(root)).toEqual(["shared/d.ts", "src/a.ts", "src/tools/b.ts"]);
  });

  it("migrate applies in a tree with folder symlinks and a loop, writing each real file once", async () => {
    const plain = projects.create();
    const expected = await runMigration(projects.options(plain));
    const root = projects.create();
    links(root, { "src/alias": "tools", "src/loop": "." });
    execFileSync("git", ["-C", root, "add", "-A"]);
    execFileSync("git", ["-C", root, "commit", "-qm", "links"]);
    const dry = await runMigration(projects.options(root, { dryRun: true }));
    expect(dry.filesWritten).toEqual(expected.filesWritten);
    const r = await runMigration(projects.options(root));
    expect(r.applied).toBe(true);
    expect(r.filesWritten).toEqual(expected.filesWritten);
  });

  it("a file symlink stays a link: migrate writes the real file once and reports its real path", async () => {
    const plain = projects.create();
    const expected = await runMigration(projects.options(plain));
    const root = projects.create();
    mkdirSync(join(root, "vendor"));
    renameSync(join(root, "src/tools/more-tools.ts"), join(root, "vendor/more-tools.ts"));
    symlinkSync("../../vendor/more-tools.ts", join(root, "src/tools/more-tools.ts"));
    execFileSync("git", ["-C", root, "add", "-A"]);
    execFileSync("git", ["-C", root, "commit", "-qm", "a file link"]);
    const r = await runMigration(projects.options(root)); // the inventory names the link path
    expect(r.applied).toBe(true);
    const real = (p: string) => (p === "src/tools/more-tools.ts" ? "vendor/more-tools.ts" : p);
    expect(r.filesWritten).toEqual(expected.filesWritten.map(real));
    expect(lstatSync(join(root, "src/tools/more-tools.ts")).isSymbolicLink()).toBe(true);
    // The plain run deletes the emptied tool file: here that is the real file, never the link only.
    expect(existsSync(join(plain, "src/tools/more-tools.ts"))).toBe(false);
    expect(existsSync(join(root, "vendor/more-tools.ts"))).toBe(false);
    for (const f of expected.filesWritten.filter((p) => existsSync(join(plain, p))))
      expect(readFileSync(join(root, real(f)), "utf8")).toBe(readFileSync(join(plain, f), "utf8"));
  });

  it("refuses a plan when a file imports, through a link, a file the plan deletes; nothing is written", async () => {
    const root = projects.create();
    symlinkSync("more-tools.ts", join(root, "src/tools/alias-tools.ts"));
    writeFileSync(join(root, "src/side.ts"), 'export { SendEmailTool as Mail } from "./tools/alias-tools.js";\n');
    execFileSync("git", ["-C", root, "add", "-A"]);
    execFileSync("git", ["-C", root, "commit", "-qm", "an import through a file link"]);
    for (const dryRun of [true, false])
      await expect(runMigration(projects.options(root, { dryRun }))).rejects.toThrow(
        'src/side.ts imports "./tools/alias-tools.js", a symbolic link (src/tools/alias-tools.ts) to src/tools/more-tools.ts, which this migrate deletes',
      );
    expect(execFileSync("git", ["-C", root, "status", "--porcelain"], { encoding: "utf8" })).toBe("");
    // The same link with no import through it stays a link the run never needed to follow.
    writeFileSync(join(root, "src/side.ts"), 'export { SendEmailTool as Mail } from "./tools/more-tools.js";\n');
    execFileSync("git", ["-C", root, "commit", "-qam", "the real path"]);
    // ...and is named in the result, dry run and real: the apply leaves it pointing at nothing.
    const dangling = [{ link: "src/tools/alias-tools.ts", real: "src/tools/more-tools.ts" }];
    expect((await runMigration(projects.options(root, { dryRun: true }))).danglingLinks).toEqual(dangling);
    const applied = await runMigration(projects.options(root));
    expect(applied.applied).toBe(true);
    expect(applied.danglingLinks).toEqual(dangling);
    expect(lstatSync(join(root, "src/tools/alias-tools.ts")).isSymbolicLink()).toBe(true);
    expect(existsSync(join(root, "src/tools/alias-tools.ts"))).toBe(false);
  });

  it("refuses a plan when a file imports, through a folder link, a file the plan deletes", async () => {
    const root = projects.create();
    links(root, { "src/alias": "tools" });
    writeFileSync(join(root, "src/side.ts"), 'export { SendEmailTool as Mail } from "./alias/more-tools.js";\n');
    execFileSync("git", ["-C", root, "add", "-A"]);
    execFileSync("git", ["-C", root, "commit", "-qm", "an import through a folder link"]);
    await expect(runMigration(projects.options(root))).rejects.toThrow(
      'src/side.ts imports "./alias/more-tools.js", a symbolic link (src/alias/more-tools.ts) to src/tools/more-tools.ts',
    );
    expect(execFileSync("git", ["-C", root, "status", "--porcelain"], { encoding: "utf8" })).toBe("");
  });

  it("refuses a plan that writes one file twice through a link, and one that leaves the root through a link", () => {
    const root = mkdtempSync(join(tmpdir(), "capkit-tree-"));
    const outside = mkdtempSync(join(tmpdir(), "capkit-outside-"));
    temps.push(root, outside);
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "src/a.ts"), "a\n");
    links(root, { "src/b.ts": "a.ts", "src/out": outside });
    const change = (path: string) => ({ kind: "modify" as const, path, before: "a\n", after: "b\n" });
    const r = realChanges(root, [change("src/a.ts"), change("src/b.ts"), change("src/out/new.ts")]);
    expect(r.changes.map((c) => c.path)).toEqual(["src/a.ts", "src/a.ts", "src/out/new.ts"]);
    expect(r.problems.map((p) => [p.path, p.message.split(":")[0]])).toEqual([
      ["src/b.ts", "is src/a.ts through a symlink (real file src/a.ts)"],
      ["src/out/new.ts", "path leaves the root through a symlink"],
    ]);
  });
});
