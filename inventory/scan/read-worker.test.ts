import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CAPKIT_ROOT } from "../../lib/workspace-aliases.js";
import type { ScanProblem } from "../types.js";
import { makeGate } from "./byte-gate.js";
import { FirstReader, type FirstReadSpec } from "./first-read.js";
import { readInTwo, ReadWorker, readWorkerFor, type ReadWorkerEntry } from "./read-worker.js";
import { scanInventory } from "./scan-inventory.js";
import { Sources } from "./sources.js";

const work = mkdtempSync(join(tmpdir(), "capkit-read-worker-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The real thread, run from the sources: a bootstrap registers tsx in the thread, then imports it. */
const SOURCE_ENTRY: ReadWorkerEntry = (() => {
  const tsx = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = pathToFileURL(join(tsx, "dist", "esm", "api", "index.mjs")).href;
  const file = join(work, "source-entry.mjs");
  writeFileSync(
    file,
    `import { register } from ${JSON.stringify(api)};\nregister();\nawait import(${JSON.stringify(new URL("./read-worker-entry.ts", import.meta.url).href)});\n`,
  );
  return { url: pathToFileURL(file) };
})();

/** A tree of a few hundred files: some name the base, some only inside longer names, one is unreadable. */
const tree = join(work, "tree");
const files: string[] = [];
for (let i = 0; i < 300; i++) {
  const file = `packages/p${i % 7}/src/f${i}.ts`;
  mkdirSync(dirname(join(tree, file)), { recursive: true });
  const body =
    i % 50 === 0
      ? "export abstract class Tool {}\n"
      : i % 9 === 0
        ? `import { Tool } from "./base";\nexport class T${i}Tool extends Tool {}\n`
        : i % 4 === 0
          ? `export class Tooltip${i} {}\nexport const t = new Tooltip${i}();\n`
          : `export const v${i} = ${i};\n`;
  writeFileSync(join(tree, file), body);
  files.push(file);
}
const unreadable = files[17] ?? "";
chmodSync(join(tree, unreadable), 0o000);
const canDenyReads = process.getuid?.() !== 0;

const spec: FirstReadSpec = { prefix: tree + sep, files, needles: ["Tool", "getTools"], always: [files[1] ?? ""] };
const gate = makeGate(["Tool"], ["getTools"]);

/** What a Sources knows after its first read, as comparable data. */
function stateOf(sources: Sources, problems: readonly ScanProblem[]) {
  return {
    gates: [...sources.gates],
    bytes: [...sources.bytes].map(([f, b]) => [f, b.toString("latin1")]),
    readable: files.filter((f) => sources.has(f)),
    hits: files.map((f) => [sources.holdsAny(f, ["Tool"]), sources.holdsAny(f, ["getTools"])]),
    searched: [...sources.searched],
    reads: sources.reads,
    problems,
  };
}

function sourcesOf(records?: Awaited<ReturnType<typeof readInTwo>>) {
  const problems: ScanProblem[] = [];
  const sources = new Sources(tree, files, problems, gate, undefined, undefined, {
    needles: spec.needles,
    always: spec.always,
    ...(records ? { records } : {}),
  });
  return { sources, problems };
}

describe("readInTwo", () => {
  it("gives the records one thread gives, in file order, when the worker reads every chunk", async () => {
    const got = await readInTwo(new ReadWorker(SOURCE_ENTRY, true), {
      spec,
      gate,
      baseNames: ["Tool"],
      beltNames: ["getTools"],
      mainReads: false,
    });
    const alone = new FirstReader(spec, gate).read(0, files.length);
    const plain = (r: (typeof alone)[number]) => ({ ...r, bytes: r.bytes && Buffer.from(r.bytes).toString("latin1") });
    expect(got.records.map(plain)).toEqual(alone.map(plain));
    expect(got.records.some((r) => r.gate !== undefined)).toBe(true);
    expect(got.records.some((r) => r.gate === undefined && (r.around?.length ?? 0) > 0)).toBe(true);
  });

  it("leaves Sources as its own read does: gates, kept bytes, names and problems in the same order", async () => {
    const records = await readInTwo(new ReadWorker(SOURCE_ENTRY, true), {
      spec,
      gate,
      baseNames: ["Tool"],
      beltNames: [],
      mainReads: false,
    });
    const alone = sourcesOf();
    const shared = sourcesOf(records);
    expect(stateOf(shared.sources, shared.problems)).toEqual(stateOf(alone.sources, alone.problems));
    if (canDenyReads) expect(shared.problems.map((p) => p.file)).toEqual([unreadable]);
    // Later searches narrow to the remembered identifiers the same way.
    for (const s of [alone.sources, shared.sources]) s.search(["Tooltip4", "T9Tool"]);
    expect(stateOf(shared.sources, shared.problems)).toEqual(stateOf(alone.sources, alone.problems));
  });

  it("reads a worker's chunks on the main thread when the worker stops", async () => {
    const file = join(work, "stops.mjs");
    writeFileSync(file, "process.exit(3);\n");
    const got = await readInTwo(new ReadWorker({ url: pathToFileURL(file) }, true), {
      spec,
      gate,
      baseNames: [],
      beltNames: [],
      mainReads: false,
    });
    const plain = (r: (typeof got.records)[number]) => ({
      ...r,
      bytes: r.bytes && Buffer.from(r.bytes).toString("latin1"),
    });
    expect(got.records.map(plain)).toEqual(new FirstReader(spec, gate).read(0, files.length).map(plain));
  });

  it("tells once that a file phase 1 will most likely parse was gated", async () => {
    let told = 0;
    await readInTwo(new ReadWorker(SOURCE_ENTRY, true), {
      spec,
      gate,
      baseNames: ["Tool"],
      beltNames: [],
      onLikelyParse: () => told++,
    });
    expect(told).toBe(1);
  });
});

describe("readWorkerFor", () => {
  it("starts the given thread, none when turned off, and none from the sources", () => {
    expect(readWorkerFor(SOURCE_ENTRY, {})).toBe(SOURCE_ENTRY);
    expect(readWorkerFor(false, { CAPKIT_READ_WORKER: "1" })).toBeNull();
    expect(readWorkerFor(SOURCE_ENTRY, { CAPKIT_READ_WORKER: "0" })).toBeNull();
    // From the TypeScript sources there is no built module to start.
    expect(readWorkerFor(undefined, {})).toBeNull();
  });

  it("wants a thread only for a big tree, unless its entry was given", () => {
    const found = new ReadWorker(SOURCE_ENTRY);
    const given = new ReadWorker(SOURCE_ENTRY, true);
    try {
      expect([found.wanted(10), found.wanted(100_000), given.wanted(10)]).toEqual([false, true, true]);
    } finally {
      found.stop();
      given.stop();
    }
  });

  it("reads on the main thread alone once stopped", async () => {
    const worker = new ReadWorker(SOURCE_ENTRY, true);
    worker.stop();
    const got = await readInTwo(worker, { spec, gate, baseNames: [], beltNames: [], mainReads: false });
    expect(got.records.length).toBe(new FirstReader(spec, gate).read(0, files.length).length);
  });
});

describe("scanInventory with a read worker", () => {
  it("reports what a scan reading alone reports", async () => {
    const root = join(CAPKIT_ROOT, "fixtures", "nodetool-mini");
    const alone = await scanInventory(root, { cache: false, readWorker: false });
    const shared = await scanInventory(root, { cache: false, readWorker: SOURCE_ENTRY });
    expect({ ...shared, generatedAt: "" }).toEqual({ ...alone, generatedAt: "" });
  });
});
