#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in turn (or the ones named on the command
// line, e.g. `npm run bench -- inventory`). Benchmarks print ratios against baselines
// measured in the same run; none of them runs under `npm test`.
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = join(dirname(fileURLToPath(import.meta.url)), "..", "bench");
const wanted = process.argv.slice(2);
const all = readdirSync(benchDir).filter((f) => f.endsWith(".bench.ts"));
// A name that is a bench's own (`inventory`) runs that one; otherwise a prefix runs every match.
const matches = (w) => (all.includes(`${w}.bench.ts`) ? (f) => f === `${w}.bench.ts` : (f) => f.startsWith(w));
const files = all.filter((f) => wanted.length === 0 || wanted.some((w) => matches(w)(f))).sort();
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n=== bench/${file}\n`);
  const r = spawnSync(process.execPath, ["--import", "tsx", join(benchDir, file)], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
