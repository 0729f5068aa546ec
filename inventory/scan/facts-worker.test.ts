import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CAPKIT_ROOT } from "../../lib/workspace-aliases.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import { makeGate } from "./byte-gate.js";
import { autoWorkerEntry, FactsWorker, type ExtractItem, type FactsWorkerEntry } from "./facts-worker.js";
import { Sources } from "./sources.js";
import { Guesser } from "./worker-guesses.js";
import { scanInventory } from "./scan-inventory.js";

const work = mkdtempSync(join(tmpdir(), "capkit-facts-worker-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The real thread, run from the sources: a bootstrap registers tsx in the thread, then imports it. */
const SOURCE_ENTRY: FactsWorkerEntry = (() => {
  // The ESM build of tsx's API (require.resolve would give its CommonJS one).
  const tsx = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = pathToFileURL(join(tsx, "dist", "esm", "api", "index.mjs")).href;
  const file = join(work, "source-entry.mjs");
  writeFileSync(
    file,
    `import { register } from ${JSON.stringify(api)};\nregister();\nawait import(${JSON.stringify(new URL("./facts-worker-entry.ts", import.meta.url).href)});\n`,
  );
  return { url: pathToFileURL(file) };
})();

/** A stand-in thread that misbehaves as `body` says (plain ESM, no TypeScript). */
function fakeEntry(name: string, body: string): FactsWorkerEntry {
  const file = join(work, `${name}.mjs`);
  writeFileSync(file, `import { parentPort } from "node:worker_threads";\n${body}\n`);
  return { url: pathToFileURL(file) };
}

const sample = (name: string) => {
  const file = `inventory/scan/${name}`;
  return { file, text: readFileSync(join(CAPKIT_ROOT, file), "utf8") };
};

describe("FactsWorker", () => {
  it("extracts the facts the main thread would, in the order the files were sent", async () => {
    const items = ["sources.ts", "byte-gate.ts", "facts-worker.ts", "prefilter.ts"].map(sample);
    const worker = new FactsWorker(SOURCE_ENTRY);
    worker.start();
    try {
      const [first, second] = await Promise.all([worker.extract(items.slice(0, 3)), worker.extract(items.slice(3))]);
      const got = [...(first ?? []), ...(second ?? [])];
      expect(got.map((f) => f.file)).toEqual(items.map((i) => i.file));
      expect(got).toEqual(items.map((i) => extractFileFacts(i.file, i.text)));
    } finally {
      await worker.close();
    }
  });

  it("rejects a batch whose file throws with an error naming that file", async () => {
    const entry = fakeEntry(
      "throws",
      `parentPort.on("message", (m) => {
        if (m.type === "close") return parentPort.close();
        parentPort.postMessage({ type: "failed", id: m.id, file: m.items[1].file, message: "boom" });
      });`,
    );
    const worker = new FactsWorker(entry);
    const reply = worker.extract([
      { file: "a.ts", text: "" },
      { file: "b.ts", text: "" },
    ]);
    await expect(reply).rejects.toThrow(/extracting the facts of b\.ts failed in the parse worker: boom/);
    await worker.close();
  });

  it("rejects the pending batches, naming their files, when the thread dies mid-batch (no hang)", async () => {
    const entry = fakeEntry("dies", `parentPort.on("message", () => { throw new Error("out of luck"); });`);
    const worker = new FactsWorker(entry);
    const reply = worker.extract([{ file: "src/c.ts", text: "class C {}" }]);
    await expect(reply).rejects.toThrow(
      /parse worker stopped \(Error: out of luck[\s\S]*\) while extracting the facts of src\/c\.ts/,
    );
    // Later batches are refused at once with the same reason.
    await expect(worker.extract([{ file: "src/d.ts", text: "" }])).rejects.toThrow(/stopped[\s\S]*src\/d\.ts/);
    await worker.close();
  });

  it("rejects a batch sent to a thread that exited before it was asked anything", async () => {
    const entry = fakeEntry("exits", `process.exit(3);`);
    const worker = new FactsWorker(entry);
    worker.start();
    const reply = worker.extract([{ file: "e.ts", text: "" }]);
    await expect(reply).rejects.toThrow(/parse worker stopped \(exit code 3\) while extracting the facts of e\.ts/);
    await worker.close();
  });

  it("terminates a thread that has no code cache to write without waiting for it to finish", async () => {
    // It answers batches but never ends on its own: only a terminate stops it.
    const entry = fakeEntry(
      "busy",
      `parentPort.postMessage({ type: "loaded", cacheToWrite: false });
      parentPort.on("message", (m) => {
        if (m.type === "extract") parentPort.postMessage({ type: "facts", id: m.id, facts: [] });
      });`,
    );
    const worker = new FactsWorker(entry);
    worker.start();
    await expect(worker.extract([{ file: "a.ts", text: "" }])).resolves.toEqual([]);
    await expect(worker.close()).resolves.toBeUndefined();
  });

  it("ends a thread that was started but never given a batch", async () => {
    const entry = fakeEntry("idle", `parentPort.on("message", () => {});`);
    const worker = new FactsWorker(entry);
    worker.start();
    await expect(worker.close()).resolves.toBeUndefined();
  });
});

describe("autoWorkerEntry", () => {
  const built: FactsWorkerEntry = { url: new URL("file:///dist/inventory/scan/facts-worker-entry.js") };

  it("parses on the main thread unless CAPKIT_PARSE_WORKER=1", () => {
    expect(autoWorkerEntry({}, built)).toBeNull();
    expect(autoWorkerEntry({ CAPKIT_PARSE_WORKER: "0" }, built)).toBeNull();
    expect(autoWorkerEntry({ CAPKIT_PARSE_WORKER: "1" }, built)).toBe(built);
  });

  it("uses no thread without the build, even when asked", () => {
    // These tests run the TypeScript sources: the built thread is not beside them.
    expect(autoWorkerEntry({ CAPKIT_PARSE_WORKER: "1" })).toBeNull();
    expect(autoWorkerEntry({ CAPKIT_PARSE_WORKER: "1" }, null)).toBeNull();
  });
});

describe("scanInventory with the parse worker", () => {
  const fixtures = [join(CAPKIT_ROOT, "fixtures", "nodetool-mini"), join(CAPKIT_ROOT, "fixtures", "realworld-pnpm")];
  const withoutClock = (r: object) => JSON.stringify({ ...r, generatedAt: undefined });

  it.each(fixtures)("reports what the main thread reports, in the same order (%s)", async (root) => {
    const inThread = await scanInventory(root, { cache: false, parseWorker: false });
    const inWorker = await scanInventory(root, { cache: false, parseWorker: SOURCE_ENTRY });
    expect(withoutClock(inWorker)).toBe(withoutClock(inThread));
    expect(inWorker.classes.length).toBeGreaterThan(0);
  });

  it("fails the scan with the worker's error instead of hanging", async () => {
    const entry = fakeEntry("scan-dies", `parentPort.on("message", () => process.exit(7));`);
    await expect(scanInventory(fixtures[0] as string, { cache: false, parseWorker: entry })).rejects.toThrow(
      /parse worker stopped \(exit code 7\) while extracting the facts of \S+\.ts/,
    );
  });
});

describe("guessing what the parse worker will be asked", () => {
  it("answers a batch from a guess with the facts the main thread would, and a changed text anew", async () => {
    const [a, b] = ["select-files.ts", "text-hints.ts"].map(sample) as [ExtractItem, ExtractItem];
    const worker = new FactsWorker(SOURCE_ENTRY);
    worker.start();
    try {
      worker.guess(a);
      worker.guess({ file: b.file, text: "export class Stale {}\n" });
      const got = await worker.extract([a, b]);
      expect(got).toEqual([extractFileFacts(a.file, a.text), extractFileFacts(b.file, b.text)]);
    } finally {
      await worker.close();
    }
  });

  it("ignores a guess before the thread starts or after it closes", async () => {
    const entry = fakeEntry(
      "counts",
      `let guesses = 0;
      parentPort.on("message", (m) => {
        if (m.type === "guess") guesses++;
        if (m.type === "extract") parentPort.postMessage({ type: "facts", id: m.id, facts: [{ file: String(guesses) }] });
        if (m.type === "close") parentPort.close();
      });`,
    );
    const worker = new FactsWorker(entry);
    worker.guess({ file: "early.ts", text: "" });
    worker.start();
    worker.guess({ file: "a.ts", text: "" });
    worker.guess({ file: "b.ts", text: "" });
    await expect(worker.extract([{ file: "x.ts", text: "" }])).resolves.toEqual([{ file: "2" }]);
    await worker.close();
    worker.guess({ file: "late.ts", text: "" });
  });

  it("guesses the small gated files that look like what phase 1 parses, within a budget", () => {
    const guesser = new Guesser(["Tool"], 100);
    const hinted = { hinted: true, declaresBase: false, baseArgument: false };
    const bytes = (text: string) => Buffer.from(text.padEnd(40, " "));
    const of = (file: string, text: string, gate = hinted) => guesser.of(file, bytes(text), gate);
    expect(of("mention.ts", "new Tool()", { ...hinted, hinted: false })).toBeNull();
    expect(of("sub.ts", "class A extends BaseTool<X> {}")).toEqual({
      file: "sub.ts",
      text: "class A extends BaseTool<X> {}".padEnd(40, " "),
    });
    // `extends` in a generic constraint or an interface is no subclass: not guessed, nothing spent.
    expect(of("generic.ts", "function f<T extends Tool>() {}")).toBeNull();
    expect(of("iface.ts", "interface A extends ToolLike {}")).toBeNull();
    expect(of("sub2.ts", "class B<T extends X> extends Tool {}")).not.toBeNull();
    // 80 of the 100 bytes are spent: a third file of 40 does not fit.
    expect(of("base.ts", "export class Tool {}", { ...hinted, hinted: false, declaresBase: true })).toBeNull();
    expect(new Guesser(["Tool"]).of("big.ts", Buffer.alloc(65 * 1024, 32), hinted)).toBeNull();
    const roomy = new Guesser(["Tool"]);
    expect(roomy.of("base.ts", bytes("export class Tool {}"), { ...hinted, declaresBase: true })).not.toBeNull();
    expect(roomy.of("mixin.ts", bytes("WithRetry(Tool)"), { ...hinted, baseArgument: true })).not.toBeNull();
  });

  it("hands the scan each gated file of the first read with its bytes and gate", () => {
    const dir = join(work, "gated");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "a.ts"), "export class A extends Tool {}\n");
    writeFileSync(join(dir, "b.ts"), "export const b = 1;\n");
    writeFileSync(join(dir, "c.ts"), "new Tool();\n");
    const seen: [string, string, boolean][] = [];
    new Sources(dir, ["a.ts", "b.ts", "c.ts"], [], makeGate(["Tool"], []), undefined, undefined, {
      needles: ["Tool"],
      onGatedFile: (file, bytes, gate) => seen.push([file, bytes.toString("utf8"), gate.hinted]),
    });
    expect(seen).toEqual([
      ["a.ts", "export class A extends Tool {}\n", true],
      ["c.ts", "new Tool();\n", false],
    ]);
  });
});
