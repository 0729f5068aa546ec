/**
 * Does inventory grow linearly with a file's size and its classes? One generated file of N
 * small Tool subclasses (N = 1k, 2k, … 64k; about 170 bytes a class; bench/scale-tree.ts),
 * scanned whole process (`CI=true node dist/bin/run.js inventory <tree> --json`, cold), median
 * of BENCH_SCALE_RUNS (3); prints wall time, CPU time (user + system, steadier than wall time on
 * a loaded machine) and peak RSS per size and the growth factor per doubling (2.0 is linear; the
 * process's fixed start-up makes the small sizes grow less). Then one file holding a single
 * class of the same sizes' bytes, and one of about 20 MB, for memory. Migrate's own series is
 * bench/migrate-scale.bench.ts.
 *   npm run bench -- inventory-scale      (BENCH_SCALE_MAX=65536 to change the largest N)
 */
import { loadavg } from "node:os";
import { line, manyClasses, measure, oneClass, SCALE_MAX, series, type Command } from "./scale-tree.js";

const INVENTORY: Command = {
  args: (root) => ["inventory", root, "--json"],
  count: (json) => (json as { classes: unknown[] }).classes.length,
  git: false,
};

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
series("one file of N Tool subclasses (whole process, cold, CI=true)", manyClasses, (n) => n, INVENTORY, SCALE_MAX);
series("one file of one Tool subclass with N methods (the same bytes)", oneClass, () => 1, INVENTORY, SCALE_MAX);
{
  // About 88 bytes a method: a single class of about 20 MB, parsed one run of members at a time.
  const methods = Math.round(20e6 / 88);
  console.log("\none file of one Tool subclass of about 20 MB (peak memory bounded by a member run, not the class)");
  console.log(line(methods, measure(oneClass(methods), 1, INVENTORY), null));
}
