/**
 * Does the inventory grow linearly with a file's size and its classes? One generated file of N
 * small Tool subclasses (N = 1k, 2k, … 64k; about 170 bytes a class), scanned whole process
 * (`CI=true node dist/bin/run.js inventory <tree> --json`, cold), median of BENCH_SCALE_RUNS (3);
 * prints time and peak RSS per size and the growth factor per doubling (2.0 is linear; the
 * process's fixed start-up makes the small sizes grow less). Then one file holding a single
 * class of the same sizes' bytes, for memory.
 *   npm run bench -- inventory-scale      (BENCH_SCALE_MAX=65536 to change the largest N)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { CAPKIT_BIN } from "./capkit-bin.js";

const BIN = CAPKIT_BIN;
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const RUNS = Number(process.env["BENCH_SCALE_RUNS"] ?? 3);
const MAX = Number(process.env["BENCH_SCALE_MAX"] ?? 65536);
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const BASE = "export abstract class Tool {\n  abstract readonly name: string;\n}\n";

function manyClasses(n: number): string {
  const parts = ['import { Tool } from "./base-tool.js";\n'];
  for (let i = 0; i < n; i++)
    parts.push(
      `\nexport class Gen${i}Tool extends Tool {\n  readonly name = "gen_${i}";\n  async process(_c: unknown, p: Record<string, unknown>) {\n    return { echoed: p, n: ${i} };\n  }\n}\n`,
    );
  return parts.join("");
}

/** One class whose body holds `n` methods (the same bytes as `n` small classes). */
function oneClass(n: number): string {
  const parts = [
    'import { Tool } from "./base-tool.js";\n\nexport class HugeTool extends Tool {\n  readonly name = "huge";\n',
  ];
  for (let i = 0; i < n; i++)
    parts.push(
      `  async process${i}(_c: unknown, p: Record<string, unknown>) {\n    return { echoed: p, n: ${i} };\n  }\n`,
    );
  parts.push("}\n");
  return parts.join("");
}

function measure(text: string, expected: number): { ms: number; rssMb: number | null; mb: number } {
  const root = mkdtempSync(join(tmpdir(), "capkit-bench-scale-"));
  try {
    const dir = join(root, "packages/agents/src/tools");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "base-tool.ts"), BASE);
    writeFileSync(join(dir, "many-tools.ts"), text);
    const ms: number[] = [];
    const rss: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      rmSync(join(root, ".capkit"), { recursive: true, force: true });
      const args = [BIN, "inventory", root, "--json"];
      const t = performance.now();
      const r = spawnSync(
        TIME ?? process.execPath,
        TIME ? ["-f", "capkit-bench-rss %M", process.execPath, ...args] : args,
        { encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, CI: "true" } },
      );
      ms.push(performance.now() - t);
      const m = /capkit-bench-rss (\d+)/.exec(r.stderr ?? "");
      if (m) rss.push(Number(m[1]) / 1024);
      let found = -1;
      try {
        found = (JSON.parse(r.stdout) as { classes: unknown[] }).classes.length;
      } catch {
        // reported below
      }
      if (found !== expected)
        console.log(`  FAIL: ${found} classes, expected ${expected} (${(r.stderr ?? "").slice(0, 300)})`);
    }
    return { ms: median(ms), rssMb: rss.length ? median(rss) : null, mb: Buffer.byteLength(text) / 1e6 };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function series(label: string, make: (n: number) => string, expected: (n: number) => number): void {
  console.log(`\n${label}`);
  let prev: { ms: number; rssMb: number | null } | null = null;
  for (let n = 1024; n <= MAX; n *= 2) {
    const m = measure(make(n), expected(n));
    const growth = prev
      ? `  ×${(m.ms / prev.ms).toFixed(2)} time${m.rssMb !== null && prev.rssMb !== null ? `, ×${(m.rssMb / prev.rssMb).toFixed(2)} memory` : ""} per doubling`
      : "";
    console.log(
      `  ${String(n).padStart(6)} (${m.mb.toFixed(1).padStart(5)} MB)  ${m.ms.toFixed(0).padStart(7)} ms  ${m.rssMb === null ? "" : `peak ${m.rssMb.toFixed(0)} MB`}${growth}`,
    );
    prev = m;
  }
}

series("one file of N Tool subclasses (whole process, cold, CI=true)", manyClasses, (n) => n);
series("one file of one Tool subclass with N methods (the same bytes)", oneClass, () => 1);
