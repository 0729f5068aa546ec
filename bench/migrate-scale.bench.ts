/**
 * Does migrate grow linearly with the classes in one file? A git repo holding one generated
 * file of N capability-shaped Tool subclasses and a belt builder constructing each
 * (bench/scale-tree.ts; every class converts and every construction is rewritten), migrated
 * whole process (`CI=true node dist/bin/run.js migrate <tree> --all --json`, which writes; the
 * tree is reset to its commit between runs), N = 1k, 2k, … BENCH_SCALE_MAX (16k), median of
 * BENCH_SCALE_RUNS (3). Prints wall time, CPU time (user + system) and peak RSS per size and
 * the growth factor per doubling (2.0 is linear). BENCH_SCALE_DRY_RUN=1 runs `--dry-run`
 * instead (plan and diff, nothing written). BENCH_SCALE_BASELINE=/work/main/dist/bin/run.js runs
 * that build too, interleaved size by size (same load).
 *   npm run bench -- migrate-scale        (BENCH_SCALE_MAX=65536 for the largest N)
 */
import { loadavg } from "node:os";
import { capabilityClasses, series, type Command } from "./scale-tree.js";

const MAX = Number(process.env["BENCH_SCALE_MAX"] ?? 16384);
const DRY = process.env["BENCH_SCALE_DRY_RUN"] === "1";

const MIGRATE: Command = {
  args: (root) => ["migrate", root, "--all", ...(DRY ? ["--dry-run"] : []), "--json"],
  count: (json) =>
    (json as { namespaces: { converted: unknown[] }[] }).namespaces.reduce((n, x) => n + x.converted.length, 0),
  git: true,
  reset: !DRY,
};

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
series(
  `migrate --all${DRY ? " --dry-run" : ""}: one file of N capability classes, one belt constructing them (whole process, CI=true)`,
  capabilityClasses,
  (n) => n,
  MIGRATE,
  MAX,
  process.env["BENCH_SCALE_BASELINE"],
);
