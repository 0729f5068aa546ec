/**
 * What `capkit` costs before it does any work: `capkit inventory` on an empty folder (no config
 * file, nothing to parse) against `node -e 0`, each in a new process, interleaved so that the
 * shared machine's load hits both alike; medians of BENCH_STARTUP_RUNS (21) of wall time and of
 * CPU time (user + sys, from /usr/bin/time when it exists). The budget is 150 ms of wall time
 * over `node -e 0`. BENCH_STARTUP_BIN compares another build (e.g. a copy of an older dist/).
 *   npm run bench -- startup
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { CAPKIT_BIN } from "./capkit-bin.js";

const BIN = process.env["BENCH_STARTUP_BIN"] ?? CAPKIT_BIN;
const RUNS = Number(process.env["BENCH_STARTUP_RUNS"] ?? 21);
const BUDGET_MS = 150;
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number | null;
}

function run(args: readonly string[]): Sample {
  const t = performance.now();
  const r = spawnSync(
    TIME ?? process.execPath,
    TIME ? ["-f", "capkit-bench-cpu %U %S", process.execPath, ...args] : args,
    {
      encoding: "utf8",
    },
  );
  const wallMs = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  const m = /capkit-bench-cpu ([\d.]+) ([\d.]+)/.exec(r.stderr);
  return { wallMs, cpuMs: m ? (Number(m[1]) + Number(m[2])) * 1000 : null };
}

const empty = mkdtempSync(join(tmpdir(), "capkit-bench-startup-"));
try {
  const node: Sample[] = [];
  const capkit: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    node.push(run(["-e", "0"]));
    capkit.push(run([BIN, "inventory", empty]));
  }
  const stat = (xs: readonly Sample[]) => ({
    wall: median(xs.map((x) => x.wallMs)),
    cpu: xs.every((x) => x.cpuMs !== null) ? median(xs.map((x) => x.cpuMs ?? 0)) : null,
  });
  const n = stat(node);
  const c = stat(capkit);
  const cpu = (x: number | null) => (x === null ? "" : `, cpu ${x.toFixed(0)} ms`);
  console.log(`\nempty folder, ${RUNS} interleaved runs, medians (${BIN})`);
  console.log(`  node -e 0                ${n.wall.toFixed(0).padStart(5)} ms${cpu(n.cpu)}`);
  console.log(`  capkit inventory <empty> ${c.wall.toFixed(0).padStart(5)} ms${cpu(c.cpu)}`);
  const over = c.wall - n.wall;
  console.log(
    `  overhead                 ${over.toFixed(0).padStart(5)} ms${n.cpu !== null && c.cpu !== null ? `, cpu ${(c.cpu - n.cpu).toFixed(0)} ms` : ""}  (budget ${BUDGET_MS} ms: ${over <= BUDGET_MS ? "ok" : "OVER"})`,
  );
} finally {
  rmSync(empty, { recursive: true, force: true });
}
