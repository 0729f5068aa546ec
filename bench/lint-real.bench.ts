/**
 * `npm run bench -- lint-real`: `capkit lint --cycles` against dependency-cruiser's
 * `no-circular` (rules/test-support/depcruise.ts: the settings that mean what capkit's cycles mean) on
 * the real-TypeScript corpus that bench/make-real-corpus.sh builds
 * (BENCH_CORPUS, default /tmp/perf-corpus; it must hold `.done`). Prints both tools' times —
 * in-process (the engine call, the cruise call) and whole process (start to exit) — their
 * cycle sets and where they differ. The unit is the circular dependency (a value import on a
 * cycle of value imports): capkit's set is compared with what `no-circular` flags and with
 * the circular dependencies of dependency-cruiser's own extracted graph; each one the rule
 * does not flag is listed with why (rules/test-support/depcruise.ts: "search" or "viaOnly", shapes
 * reproduced in rules/__fixtures__/depcruise-misses/). Every tool runs in its own fresh process, BENCH_RUNS times
 * (default 1), alternating; medians are reported.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CAPKIT_BIN } from "./capkit-bin.js";

const SELF = fileURLToPath(import.meta.url);
const CAPKIT = join(SELF, "..", "..");

interface Cycle {
  files: string[];
  async: { file: string; line: number } | null;
}

interface Measure {
  /** In-process time of the engine or cruise call. */
  ms: number;
  /** Spawn to exit, process start and imports included. */
  wallMs: number;
  edges: string[];
  cycles: string[][];
  asyncCycles?: number;
  dependencies?: string[];
  onCycle?: string[];
  missed?: { edge: string; reason: string }[];
}

async function worker(tool: string, root: string): Promise<Omit<Measure, "wallMs">> {
  if (tool === "capkit") {
    const { runLint } = await import("../rules/engine/lint-engine.js");
    const { circularEdges } = await import("../rules/graph/import-cycles.js");
    const t = performance.now();
    const r = await runLint(root, { cycles: true, useBaseline: false });
    const ms = performance.now() - t;
    return {
      ms,
      edges: circularEdges(r.importCycles),
      cycles: r.importCycles.map((c) => [...c.files]),
      asyncCycles: r.importCycles.filter((c) => c.async).length,
    };
  }
  if (tool === "depcruise") {
    const { depcruiseCycles } = await import("../rules/test-support/depcruise.js");
    const t = performance.now();
    const r = await depcruiseCycles(root, ["."]);
    return {
      ms: performance.now() - t,
      edges: [...r.edges],
      cycles: r.cycles.map((c) => [...c]),
      dependencies: [...r.dependencies],
      onCycle: [...r.onCycle],
      missed: r.missed.map((m) => ({ ...m })),
    };
  }
  throw new Error(`unknown tool ${tool}`);
}

function measure(tool: string, root: string): Measure {
  const t = performance.now();
  if (tool === "capkit-cli") {
    const r = spawnSync(process.execPath, [CAPKIT_BIN, "lint", root, "--cycles", "--json"], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    const wallMs = performance.now() - t;
    if (r.status !== 0 && r.status !== 1) throw new Error(`capkit lint failed (exit ${r.status}): ${r.stderr}`);
    const cycles = (JSON.parse(r.stdout) as { allCycles: Cycle[] }).allCycles;
    const edges = new Set<string>();
    for (const c of cycles) c.files.forEach((f, i) => edges.add(`${f} → ${c.files[(i + 1) % c.files.length]}`));
    return {
      ms: wallMs,
      wallMs,
      edges: [...edges].sort(),
      cycles: cycles.map((c) => c.files),
      asyncCycles: cycles.filter((c) => c.async).length,
    };
  }
  const r = spawnSync(process.execPath, ["--import", "tsx", SELF, "--worker", tool, root], {
    encoding: "utf8",
    cwd: CAPKIT,
    maxBuffer: 1 << 28,
  });
  const wallMs = performance.now() - t;
  if (r.status !== 0) throw new Error(`${tool} worker failed:\n${r.stderr}`);
  return { ...(JSON.parse(r.stdout.trim().split("\n").pop() as string) as Omit<Measure, "wallMs">), wallMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Rotation from the smallest file, members joined: one spelling per cycle. */
function spell(files: readonly string[]): string {
  let at = 0;
  files.forEach((f, i) => {
    if (f < (files[at] as string)) at = i;
  });
  return [...files.slice(at), ...files.slice(0, at)].join(" → ");
}

/** For each edge only capkit flags: the cycle capkit names and why dependency-cruiser's rule left it out. */
function explainCapkitOnly(only: readonly string[], capkit: Measure, depcruise: Measure): string[] {
  const theirs = new Set(depcruise.dependencies ?? []);
  const why = new Map((depcruise.missed ?? []).map((m) => [m.edge, m.reason]));
  const reasons: Record<string, string> = {
    search: "circular: false — its depth-first cycle search missed it (shared visited set; src/search/ shape)",
    viaOnly: "its one cycle runs through a type-only import and viaOnly judges only that one (src/via-only/ shape)",
  };
  return only.map((edge) => {
    const cycle = capkit.cycles.find((c) => c.some((f, i) => `${f} → ${c[(i + 1) % c.length]}` === edge)) ?? [];
    const steps = cycle.map((f, i) => `${f} → ${cycle[(i + 1) % cycle.length]}`);
    const missing = steps.filter((s) => !theirs.has(s));
    const reason = why.get(edge);
    const verdict =
      missing.length > 0
        ? `steps dependency-cruiser did not extract: ${missing.join("; ")}`
        : `every step is in dependency-cruiser's graph; ${reason ? (reasons[reason] ?? reason) : "not in its own circular set"}`;
    return `  ${edge}\n    cycle ${spell(cycle)}\n    ${verdict}`;
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === "--worker") {
    process.stdout.write(`${JSON.stringify(await worker(argv[1] as string, argv[2] as string))}\n`);
    return;
  }
  const root = process.env["BENCH_CORPUS"] ?? "/tmp/perf-corpus";
  if (!existsSync(join(root, ".done"))) {
    // Skipped, not failed: `npm run bench` runs every bench, and this one needs a download first.
    console.log(`skipped: no corpus at ${root}; build it with bench/make-real-corpus.sh ${root} (or set BENCH_CORPUS)`);
    return;
  }
  const runs = Number(process.env["BENCH_RUNS"] ?? 1);
  // One untimed run first, so no measured run pays for a cold file cache.
  spawnSync(process.execPath, [CAPKIT_BIN, "lint", "--help"], { encoding: "utf8" });
  const tools = ["capkit", "capkit-cli", "depcruise"];
  const samples = new Map<string, Measure[]>(tools.map((t) => [t, []]));
  for (let i = 0; i < runs; i++) for (const t of tools) samples.get(t)?.push(measure(t, root));
  const first = (t: string) => (samples.get(t) as Measure[])[0] as Measure;
  const ms = (t: string, key: "ms" | "wallMs") => median((samples.get(t) ?? []).map((m) => m[key]));
  const capkit = first("capkit");
  const depcruise = first("depcruise");
  console.log(`corpus: ${root}, ${runs} run(s) each`);
  const label: Record<string, string> = {
    capkit: "capkit lint --cycles engine (in-process)",
    "capkit-cli": "capkit lint --cycles CLI",
    depcruise: "dependency-cruiser no-circular (API)",
  };
  for (const t of tools) {
    const m = first(t);
    console.log(
      `${label[t]?.padEnd(42)} ${ms(t, "ms").toFixed(0).padStart(7)} ms in process ${ms(t, "wallMs").toFixed(0).padStart(7)} ms whole process   ${m.edges.length} circular dependencies, ${new Set(m.cycles.map(spell)).size} cycles${m.asyncCycles === undefined ? "" : ` (${m.asyncCycles} async)`}`,
    );
  }
  console.log(
    `ratio dependency-cruiser / capkit engine (in process):   ${(ms("depcruise", "ms") / ms("capkit", "ms")).toFixed(1)}×  (goal ≥ 10×)`,
  );
  console.log(
    `ratio dependency-cruiser / capkit CLI (whole processes): ${(ms("depcruise", "wallMs") / ms("capkit-cli", "wallMs")).toFixed(1)}×`,
  );
  const ours = new Set(capkit.edges);
  const theirs = new Set(depcruise.edges);
  const onlyCapkit = capkit.edges.filter((e) => !theirs.has(e));
  const onlyDepcruise = depcruise.edges.filter((e) => !ours.has(e));
  const same = capkit.edges.length - onlyCapkit.length;
  console.log(
    `circular dependencies: ${same} flagged by both, ${onlyCapkit.length} only by capkit, ${onlyDepcruise.length} only by dependency-cruiser`,
  );
  const graphSet = new Set(depcruise.onCycle ?? []);
  const sameAsGraph = capkit.edges.length === graphSet.size && capkit.edges.every((e) => graphSet.has(e));
  const byReason = new Map<string, number>();
  for (const m of depcruise.missed ?? []) byReason.set(m.reason, (byReason.get(m.reason) ?? 0) + 1);
  console.log(
    `circular dependencies of dependency-cruiser's own graph: ${graphSet.size} (${sameAsGraph ? "equal to capkit's set" : "DIFFERENT from capkit's set"}); no-circular flags ${depcruise.edges.length}, misses ${(depcruise.missed ?? []).length}: ${[...byReason].map(([r, n]) => `${n} ${r}`).join(", ") || "none"}`,
  );
  if (!sameAsGraph) {
    console.log(`  only capkit: ${capkit.edges.filter((e) => !graphSet.has(e)).join("; ") || "none"}`);
    console.log(`  only its graph: ${[...graphSet].filter((e) => !ours.has(e)).join("; ") || "none"}`);
  }
  const cycleSets = (m: Measure) => new Set(m.cycles.map((c) => [...new Set(c)].sort().join("\0")));
  const a = cycleSets(capkit);
  const b = cycleSets(depcruise);
  console.log(
    `cycles (as sets of files; capkit names the shortest per dependency, dependency-cruiser the first its search walks): ${[...a].filter((x) => b.has(x)).length} named by both, ${[...a].filter((x) => !b.has(x)).length} only by capkit, ${[...b].filter((x) => !a.has(x)).length} only by dependency-cruiser`,
  );
  if (onlyCapkit.length > 0)
    console.log(`only capkit:\n${explainCapkitOnly(onlyCapkit, capkit, depcruise).join("\n")}`);
  if (onlyDepcruise.length > 0)
    console.log(`only dependency-cruiser:\n${onlyDepcruise.map((e) => `  ${e}`).join("\n")}`);
  const cli = first("capkit-cli");
  if (cli.edges.join("\n") !== capkit.edges.join("\n"))
    console.log("warning: the CLI and the engine flagged different circular dependencies");
}

await main();
