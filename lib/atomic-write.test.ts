import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeFileAtomic } from "./atomic-write.js";

const dir = mkdtempSync(join(tmpdir(), "capkit-atomic-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("writeFileAtomic", () => {
  it("replaces the file whole, durable or not, and leaves no temp file behind", () => {
    const path = join(dir, "sub", "a.json");
    writeFileAtomic(path, "one");
    writeFileAtomic(path, "two", { durable: false });
    expect(readFileSync(path, "utf8")).toBe("two");
    expect(readdirSync(join(dir, "sub"))).toEqual(["a.json"]);
  });

  it("leaves the target as it was and no temp file behind when the write fails", () => {
    // The target is a non-empty folder: the final rename fails.
    const target = join(dir, "c");
    writeFileAtomic(join(target, "x.json"), "x");
    expect(() => writeFileAtomic(target, "new", { durable: false })).toThrow();
    expect(readFileSync(join(target, "x.json"), "utf8")).toBe("x");
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});
