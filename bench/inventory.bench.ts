/**
 * Inventory benchmark, whole process as CI runs it: `node dist/bin/run.js inventory <tree> --json`
 * in a new process against `grep -rlE 'extends\s'` (the baseline people use today; capkit's own
 * .capkit/ left out), on two trees:
 *   - the real corpus of bench/make-real-corpus.sh (the .ts sources of nine published
 *     packages, four copies, plus 200 Tool subclasses; built once, downloads with `npm pack`),
 *   - the generated ~7,000-file monorepo of bench/inventory-tree.ts.
 * Per tree, RUNS rounds, each running in turn: grep; capkit cold (`CI=true`, no .capkit/: a fresh
 * CI checkout); the same with an empty per-user cache folder (no V8 code cache for TypeScript:
 * the first run on a machine, which also writes that cache); cold with NODE_OPTIONS=--v8-pool-size=1
 * (one V8 helper thread: on 2 cores the default pool preempts the scan); capkit with .capkit/cache/ restored
 * (`CI=true`); capkit local (stat cache warm).
 * Medians, ratios to grep's median, peak RSS (from /usr/bin/time when present), and the counts.
 * Then the empty-folder start against `node -e 0`.
 *   npm run bench -- inventory     (BENCH_RUNS, BENCH_CORPUS=<dir>, BENCH_CORPUS_SCRIPT=<script>,
 *                                   BENCH_REAL=0 / BENCH_GENERATED=0 to skip a tree)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, utimesSync, readdirSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { generateTree } from "./inventory-tree.js";
import { CAPKIT_BIN } from "./capkit-bin.js";

/** Node's option for V8's helper-thread pool: on 2 cores its default of 4 threads preempts the scan. */
const POOL_OPTIONS = [process.env["NODE_OPTIONS"], "--v8-pool-size=1"].filter(Boolean).join(" ");
const RUNS = Math.max(5, Number(process.env["BENCH_RUNS"] ?? 5));
const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const BIN = CAPKIT_BIN;
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const CORPUS_SCRIPT = process.env["BENCH_CORPUS_SCRIPT"] ?? join(REPO, "bench", "make-real-corpus.sh");

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Run {
  readonly ms: number;
  readonly rssMb: number | null;
  readonly stdout: string;
}

/** One process, timed from spawn to exit; peak RSS through /usr/bin/time's %M (KB). */
function run(cmd: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Run {
  const argv = TIME ? ["-f", "capkit-bench-rss %M", cmd, ...args] : [...args];
  const t = performance.now();
  const r = spawnSync(TIME ?? cmd, argv, { encoding: "utf8", maxBuffer: 1 << 28, env });
  const ms = performance.now() - t;
  const rss = /capkit-bench-rss (\d+)/.exec(r.stderr ?? "");
  if (r.status !== 0 && r.status !== 1)
    console.log(`${cmd} ${args.join(" ")} failed (${r.status}): ${(r.stderr ?? "").slice(0, 400)}`);
  return { ms, rssMb: rss ? Number(rss[1]) / 1024 : null, stdout: r.stdout ?? "" };
}

const ciEnv = { ...process.env, CI: "true" };
const localEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "CI" && k !== "GITHUB_ACTIONS"));
const capkit = (tree: string, env: NodeJS.ProcessEnv) => run(process.execPath, [BIN, "inventory", tree, "--json"], env);
const grep = (tree: string) => run("grep", ["-rlE", "--exclude-dir=.capkit", "extends\\s", tree]);

/** Files older than the stat cache's racy window, as in a checkout made a while ago. */
function ageFiles(dir: string, when: Date): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === ".capkit") continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) ageFiles(p, when);
    else if (e.isFile()) utimesSync(p, when, when);
  }
}

function counts(stdout: string): string {
  try {
    const r = JSON.parse(stdout) as {
      counters: { extendsTool: { occurrences: number }; indirect: { occurrences: number } };
      classes: unknown[];
    };
    return `${r.classes.length} classes (${r.counters.extendsTool.occurrences} direct, ${r.counters.indirect.occurrences} indirect)`;
  } catch {
    return "no JSON result";
  }
}

function benchTree(label: string, tree: string, expectedClasses: number | null): void {
  const dot = join(tree, ".capkit");
  const times = {
    grep: [] as number[],
    cold: [] as number[],
    first: [] as number[],
    pool: [] as number[],
    restored: [] as number[],
    local: [] as number[],
  };
  const rss = {
    cold: [] as number[],
    first: [] as number[],
    pool: [] as number[],
    restored: [] as number[],
    local: [] as number[],
  };
  let out = "";
  // A first local run writes the stat cache the local runs reuse (recorded only for files aged past its racy window).
  rmSync(dot, { recursive: true, force: true });
  capkit(tree, localEnv);
  for (let i = 0; i < RUNS; i++) {
    times.grep.push(grep(tree).ms);
    rmSync(dot, { recursive: true, force: true });
    const cold = capkit(tree, ciEnv);
    out = cold.stdout;
    times.cold.push(cold.ms);
    if (cold.rssMb !== null) rss.cold.push(cold.rssMb);
    rmSync(dot, { recursive: true, force: true });
    const pool = capkit(tree, { ...ciEnv, NODE_OPTIONS: POOL_OPTIONS });
    times.pool.push(pool.ms);
    if (pool.rssMb !== null) rss.pool.push(pool.rssMb);
    rmSync(dot, { recursive: true, force: true });
    const userCache = mkdtempSync(join(tmpdir(), "capkit-bench-user-cache-"));
    const first = capkit(tree, { ...ciEnv, XDG_CACHE_HOME: userCache });
    rmSync(userCache, { recursive: true, force: true });
    times.first.push(first.ms);
    if (first.rssMb !== null) rss.first.push(first.rssMb);
    const restored = capkit(tree, ciEnv);
    times.restored.push(restored.ms);
    if (restored.rssMb !== null) rss.restored.push(restored.rssMb);
    capkit(tree, localEnv);
    const local = capkit(tree, localEnv);
    times.local.push(local.ms);
    if (local.rssMb !== null) rss.local.push(local.rssMb);
  }
  const g = median(times.grep);
  const row = (name: string, xs: number[], mem: number[], note: string) =>
    console.log(
      `  ${name.padEnd(34)} ${median(xs).toFixed(0).padStart(6)} ms  ${(median(xs) / g).toFixed(2).padStart(6)}× grep  ${mem.length ? `peak ${median(mem).toFixed(0)} MB` : ""}  ${note}`,
    );
  console.log(`\n${label}: ${tree}`);
  console.log(
    `  ${"grep -rlE 'extends\\s'".padEnd(34)} ${g.toFixed(0).padStart(6)} ms  (median of ${RUNS}, interleaved with the capkit runs)`,
  );
  row("capkit cold, CI=true, no .capkit/", times.cold, rss.cold, "a fresh CI checkout");
  row("  same, no V8 code cache yet", times.first, rss.first, "the first run on a machine (writes it)");
  row("  same, one V8 helper thread", times.pool, rss.pool, `NODE_OPTIONS=${POOL_OPTIONS}`);
  row("capkit CI=true, .capkit/ restored", times.restored, rss.restored, "facts cache from the run before");
  row("capkit local, stat cache warm", times.local, rss.local, "an unchanged tree, run again");
  const found = counts(out);
  const ok = expectedClasses === null || found.startsWith(`${expectedClasses} classes`);
  console.log(
    `  ${ok ? "ok  " : "FAIL"} counts: ${found}${expectedClasses === null ? "" : ` (expected ${expectedClasses})`}`,
  );
  const ratio = median(times.cold) / g;
  console.log(
    `  verdict: cold ${ratio.toFixed(2)}× grep (done-when ≤ 5×, goal 3×), restored ${(median(times.restored) / g).toFixed(2)}×, local ${(median(times.local) / g).toFixed(2)}× (warm ≤ 2×)`,
  );
  console.log(`  (${load()})`);
  rmSync(dot, { recursive: true, force: true });
}

function realCorpus(): string | null {
  const given = process.env["BENCH_CORPUS"];
  if (given) return given;
  if (!existsSync(CORPUS_SCRIPT)) {
    console.log(`real corpus skipped: no ${CORPUS_SCRIPT} (set BENCH_CORPUS_SCRIPT or BENCH_CORPUS)`);
    return null;
  }
  const r = spawnSync("bash", [CORPUS_SCRIPT], { encoding: "utf8" });
  const dir = r.stdout.trim().split("\n").pop() ?? "";
  if (r.status !== 0 || !dir || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.log(`real corpus skipped: ${CORPUS_SCRIPT} failed: ${r.stderr.slice(0, 300)}`);
    return null;
  }
  return dir;
}

function benchStart(): void {
  const empty = mkdtempSync(join(tmpdir(), "capkit-bench-empty-"));
  try {
    const node: number[] = [];
    const cli: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      node.push(run(process.execPath, ["-e", "0"]).ms);
      cli.push(capkit(empty, ciEnv).ms);
    }
    const over = median(cli) - median(node);
    console.log(
      `\nempty folder: capkit inventory ${median(cli).toFixed(0)} ms, node -e 0 ${median(node).toFixed(0)} ms: ${(over / 1000).toFixed(2)} s over node (done-when ≤ 0.15 s)`,
    );
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}

/** The machine's load, printed with the figures: on a shared box they move with it. */
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} on ${cpus().length} cores`;

function main(): void {
  console.log(`whole process through ${BIN}; ${RUNS} rounds per tree${TIME ? "" : " (no /usr/bin/time: no peak RSS)"}`);
  console.log(`node ${process.version}; at start: ${load()}`);
  // The CLI compiles itself on its first run after a source change: not part of any measurement.
  capkit(mkdtempSync(join(tmpdir(), "capkit-bench-warmup-")), ciEnv);
  if (process.env["BENCH_REAL"] !== "0") {
    const corpus = realCorpus();
    if (corpus) benchTree("real corpus", corpus, 200);
  }
  if (process.env["BENCH_GENERATED"] !== "0") {
    const dir = mkdtempSync(join(tmpdir(), "capkit-bench-inventory-"));
    try {
      const expected = generateTree(dir, {
        files: Number(process.env["BENCH_FILES"] ?? 7000),
        avgBytes: Number(process.env["BENCH_AVG_BYTES"] ?? 14_300),
      });
      spawnSync("sync");
      ageFiles(dir, new Date(Date.now() - 60_000));
      benchTree(
        `generated tree (${expected.files} files, ${(expected.bytes / 1e6).toFixed(0)} MB)`,
        dir,
        expected.direct + expected.indirect,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  benchStart();
  console.log(`at end: ${load()}`);
}

main();
