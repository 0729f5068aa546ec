import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runMigration } from "./migrate.js";
import { MigrateProjects } from "../test-support/migrate-project.js";
import { listTreeFiles } from "./tree-files.js";

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
});
