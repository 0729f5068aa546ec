// Child-process driver for target-loader.test.ts: imports <root>/<relPath>, rewrites a module
// it depends on (<root>/<depPath>, replacing "before" with "after"), refreshes the target and
// imports again, printing both `report()` values — the second must see the rewritten file.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importFromTarget, refreshTarget } from "../target-loader.js";

const [root, relPath, depPath] = process.argv.slice(2);
if (!root || !relPath || !depPath) throw new Error("usage: target-refresh-driver <root> <relPath> <depPath>");
type Reporting = { report: () => unknown };
const first = await (await importFromTarget<Reporting>(root, relPath)).report();
const dep = join(root, depPath);
writeFileSync(dep, readFileSync(dep, "utf8").replace("before", "after"));
const stale = await (await importFromTarget<Reporting>(root, relPath)).report();
await refreshTarget(root);
const fresh = await (await importFromTarget<Reporting>(root, relPath)).report();
process.stdout.write(`${JSON.stringify({ first, stale, fresh })}\n`);
