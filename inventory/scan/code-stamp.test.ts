import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codeFilesUnder, inventoryCodeStamp, statStamp } from "./code-stamp.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function codeTree(): string {
  const dir = mkdtempSync(join(tmpdir(), "capkit-code-hash-"));
  dirs.push(dir);
  mkdirSync(join(dir, "scan", "test-support"), { recursive: true });
  mkdirSync(join(dir, "__fixtures__", "case"), { recursive: true });
  writeFileSync(join(dir, "a.ts"), "export const a = 1;\n");
  writeFileSync(join(dir, "scan", "b.js"), "export const b = 2;\n");
  writeFileSync(join(dir, "scan", "b.test.ts"), "test\n");
  writeFileSync(join(dir, "scan", "b.d.ts"), "export declare const b: number;\n");
  writeFileSync(join(dir, "scan", "test-support", "helper.ts"), "helper\n");
  writeFileSync(join(dir, "__fixtures__", "case", "tool.ts"), "class T {}\n");
  writeFileSync(join(dir, "README.md"), "# code\n");
  return dir;
}

describe("the stat stamp of capkit's code", () => {
  it("lists the code files, not tests, declarations, fixtures or test helpers", () => {
    const dir = codeTree();
    expect(codeFilesUnder(dir)).toEqual([join(dir, "a.ts"), join(dir, "scan", "b.js")]);
  });

  it("moves when a file is rewritten (even to the same size and mtime), added, removed or renamed", () => {
    const dir = codeTree();
    const stamp = () => statStamp(codeFilesUnder(dir));
    const first = stamp();
    expect(stamp()).toBe(first);
    const a = join(dir, "a.ts");
    const before = statSync(a);
    writeFileSync(a, "export const a = 9;\n");
    // The same size and the old mtime put back (`touch -r`): the ctime (or the mtime) still moved.
    utimesSync(a, before.atime, before.mtime);
    const rewritten = stamp();
    expect(rewritten).not.toBe(first);
    writeFileSync(join(dir, "c.ts"), "export const c = 3;\n");
    const added = stamp();
    expect(added).not.toBe(rewritten);
    renameSync(join(dir, "c.ts"), join(dir, "d.ts"));
    const renamed = stamp();
    expect(renamed).not.toBe(added);
    rmSync(join(dir, "d.ts"));
    expect(stamp()).not.toBe(renamed);
  });

  it("stamps the running capkit's inventory and lib code, once a process", () => {
    const stamp = inventoryCodeStamp();
    expect(stamp).toMatch(/^[0-9a-f]{16}$/);
    expect(inventoryCodeStamp()).toBe(stamp);
  });
});
