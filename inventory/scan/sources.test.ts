import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ScanProblem } from "../types.js";
import { makeGate } from "./byte-gate.js";
import { FirstReader } from "./first-read.js";
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

describe("Sources (one read per file into a scratch buffer, copies kept only when wanted)", () => {
  it("reads every file byte for byte: empty, small, scratch-filling (1 MB+), slab-crossing and big files", () => {
    mkdirSync(join(dir, "src"), { recursive: true });
    // The 1 MB scratch buffer grows for the 1 MB+ and 3 MB files; 900 KB copies fill several 8 MB
    // slabs (a copy that does not fit starts a new one); the 3 MB file gets a copy of its own.
    const sizes = [
      0,
      1,
      4096,
      1024 * 1024,
      1024 * 1024 + 1,
      ...Array.from({ length: 32 }, () => 900 * 1024),
      3 * 1024 * 1024,
      900 * 1024,
      900 * 1024,
      17,
    ];
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

  it("keeps only the files the keep predicate wants, and gates every file", () => {
    mkdirSync(join(dir, "keep"), { recursive: true });
    writeFileSync(join(dir, "keep/a.ts"), "export class A extends Tool {}\n");
    writeFileSync(join(dir, "keep/b.ts"), "export const b = makeThing(1);\n");
    const files = ["keep/a.ts", "keep/b.ts"];
    const sources = new Sources(dir, files, [], makeGate(["Tool"], []), (_file, gate) => gate.hinted);
    expect([...sources.gates.keys()]).toEqual(files);
    expect([...sources.bytes.keys()]).toEqual(["keep/a.ts"]);
    // A file not kept is still readable: as bytes and as text, read again.
    expect(sources.text("keep/b.ts")).toBe("export const b = makeThing(1);\n");
    expect(sources.bytes.has("keep/b.ts")).toBe(false);
  });

  it("select() tests kept files in memory, re-reads the others, keeps what matches and keeps file order", () => {
    mkdirSync(join(dir, "sel"), { recursive: true });
    const body: Record<string, string> = {
      "sel/1.ts": "export class A extends Tool { run() { return makeThing(); } }\n",
      "sel/2.ts": "export const b = makeThing(1);\n",
      "sel/3.ts": "export const c = 3;\n",
      "sel/4.ts": `export const d = [${"0, ".repeat(600_000)}makeThing()];\n`, // bigger than the scratch buffer
    };
    for (const [file, text] of Object.entries(body)) writeFileSync(join(dir, file), text);
    const files = Object.keys(body);
    const sources = new Sources(dir, files, [], makeGate(["Tool"], []), (_file, gate) => gate.hinted);
    const needle = Buffer.from("makeThing");
    const picked = sources.select(files, (buf) => buf.indexOf(needle) !== -1);
    expect(picked).toEqual(["sel/1.ts", "sel/2.ts", "sel/4.ts"]);
    expect([...sources.bytes.keys()].sort()).toEqual(["sel/1.ts", "sel/2.ts", "sel/4.ts"]);
    for (const file of picked) expect(sources.bytes.get(file)?.toString("utf8"), file).toBe(body[file]);
  });

  it("select() reports a file that vanished since the first read, once, and does not pick it", () => {
    mkdirSync(join(dir, "gone"), { recursive: true });
    writeFileSync(join(dir, "gone/x.ts"), "export const x = makeThing();\n");
    const problems: ScanProblem[] = [];
    const sources = new Sources(dir, ["gone/x.ts", "gone/never.ts"], problems, makeGate(["Tool"], []), () => false);
    expect(problems.map((p) => p.file)).toEqual(["gone/never.ts"]);
    rmSync(join(dir, "gone/x.ts"));
    expect(sources.select(["gone/x.ts", "gone/never.ts"], () => true)).toEqual([]);
    expect(problems).toEqual([
      { file: "gone/never.ts", line: 0, column: 0, message: "cannot read: ENOENT" },
      { file: "gone/x.ts", line: 0, column: 0, message: "cannot read: ENOENT" },
    ]);
  });

  it("keeps no copy of a file holding a name only inside longer identifiers, yet a later search narrowing to it needs no read", () => {
    mkdirSync(join(dir, "part"), { recursive: true });
    writeFileSync(join(dir, "part/base.ts"), "export class Tool {}\n");
    writeFileSync(join(dir, "part/tip.ts"), "export class Tooltip {}\nexport class ReadFileTool2 extends Tooltip {}\n");
    writeFileSync(join(dir, "part/none.ts"), "export const x = 1;\n");
    const files = ["part/base.ts", "part/none.ts", "part/tip.ts"];
    const sources = new Sources(dir, files, [], makeGate(["Tool"], []), undefined, undefined, { needles: ["Tool"] });
    expect([...sources.gates.keys()]).toEqual(["part/base.ts"]);
    expect(sources.bytes.has("part/tip.ts")).toBe(false);
    const reads = sources.reads;
    sources.search(["Tooltip", "ReadFileTool"]);
    // Tooltip stands there as a whole identifier: the file is gated now (one read for its gate);
    // ReadFileTool only inside ReadFileTool2, found from the remembered identifiers.
    expect(sources.holdsAny("part/tip.ts", ["Tooltip"])).toBe(true);
    expect(sources.holdsAny("part/tip.ts", ["ReadFileTool"])).toBe(true);
    expect(sources.gates.has("part/tip.ts")).toBe(true);
    expect(sources.reads - reads).toBe(1);
    expect(sources.holdsAny("part/none.ts", ["Tooltip", "ReadFileTool"])).toBe(false);
  });

  it("calls onGated once, at the first file gated in the first read", () => {
    let calls = 0;
    new Sources(dir, ["part/none.ts", "part/base.ts", "ok.ts"], [], makeGate(["Tool"], []), undefined, undefined, {
      needles: ["Tool"],
      onGated: () => calls++,
    });
    expect(calls).toBe(1);
    new Sources(dir, ["part/none.ts"], [], makeGate(["Tool"], []), undefined, undefined, {
      needles: ["Tool"],
      onGated: () => calls++,
    });
    expect(calls).toBe(1);
  });

  it("learns the same of each file read alone as from the first read's records (one rule for both)", () => {
    mkdirSync(join(dir, "same"), { recursive: true });
    const text = {
      "same/sub.ts": 'import { Tool } from "./base";\nexport class ReadTool extends Tool {}\n',
      "same/base.ts": "export class Tool {}\n",
      "same/tip.ts": "export class Tooltip {}\n",
      "same/none.ts": "export const x = 1;\n",
    };
    for (const [file, t] of Object.entries(text)) writeFileSync(join(dir, file), t);
    const files = Object.keys(text);
    const gate = makeGate(["Tool"], []);
    const first = { needles: ["Tool"], always: ["same/base.ts"] };
    const records = new FirstReader({ prefix: dir + "/", files, ...first }, gate).read(0, files.length);
    const alone = new Sources(dir, files, [], gate, undefined, undefined, first);
    const taken = new Sources(dir, files, [], gate, undefined, undefined, {
      ...first,
      records: { records, readMs: 0, gateMs: 0 },
    });
    expect([...alone.gates.keys()]).toEqual(["same/sub.ts", "same/base.ts"]);
    expect([...taken.gates]).toEqual([...alone.gates]);
    expect([...taken.bytes.keys()]).toEqual([...alone.bytes.keys()]);
    for (const sources of [alone, taken]) {
      for (const file of files) expect(sources.holdsAny(file, ["Tool"]), file).toBe(file !== "same/none.ts");
      // The identifiers around tip.ts's hit were remembered: a search narrowing to it gates it.
      sources.search(["Tooltip"]);
      expect(sources.gates.has("same/tip.ts")).toBe(true);
    }
  });
});
