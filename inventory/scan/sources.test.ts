import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ScanProblem } from "../types.js";
import { makeGate } from "./gate.js";
import { Sources } from "./sources.js";

const dir = mkdtempSync(join(tmpdir(), "capkit-sources-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Deterministic bytes of a given size, different per file, ending in a recognisable marker. */
function content(seed: number, size: number): Buffer {
  const buf = Buffer.alloc(size);
  for (let i = 0; i < size; i++) buf[i] = 97 + ((i * 31 + seed * 7) % 26);
  const mark = Buffer.from(`#${seed}#`);
  if (size >= mark.length) mark.copy(buf, size - mark.length);
  return buf;
}

describe("Sources (slab reads without fstat)", () => {
  it("reads every file byte for byte across slab boundaries, for empty, small, 1 MB+ and slab-filling files", () => {
    mkdirSync(join(dir, "src"), { recursive: true });
    // ~2 MB + 32 × 900 KB leave ~1.9 MB of the first 32 MB slab: the 3 MB file fills that rest and
    // gets a buffer of its own; the files after it start a new slab.
    const sizes = [0, 1, 4096, 1024 * 1024, 1024 * 1024 + 1, ...Array.from({ length: 32 }, () => 900 * 1024), 3 * 1024 * 1024, 900 * 1024, 900 * 1024, 17];
    const files = sizes.map((size, i) => {
      const rel = `src/f${String(i).padStart(3, "0")}.ts`;
      writeFileSync(join(dir, rel), content(i, size));
      return rel;
    });
    const problems: ScanProblem[] = [];
    const sources = new Sources(dir, files, problems, makeGate(["Tool"], []));
    expect(problems).toEqual([]);
    for (const file of files) expect(sources.bytes.get(file)?.equals(readFileSync(join(dir, file))), file).toBe(true);
  });

  it("reports an unreadable file as a problem and goes on", () => {
    writeFileSync(join(dir, "ok.ts"), "export class A extends Tool {}\n");
    const problems: ScanProblem[] = [];
    const sources = new Sources(dir, ["missing.ts", "ok.ts"], problems, makeGate(["Tool"], []));
    expect(problems).toEqual([{ file: "missing.ts", line: 0, column: 0, message: "cannot read: ENOENT" }]);
    expect(sources.text("ok.ts")).toContain("extends Tool");
    expect(sources.gates.get("ok.ts")?.hinted).toBe(true);
  });
});
