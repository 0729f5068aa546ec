// Child-process driver for target-loader.test.ts: imports <root>/<relPath> through
// importFromTarget and prints the module's `report()` (or its export names) as JSON.
import { importFromTarget } from "../target-loader.js";

const [root, relPath] = process.argv.slice(2);
if (!root || !relPath) throw new Error("usage: target-loader-driver <root> <relPath>");
const mod = await importFromTarget<{ report?: () => unknown }>(root, relPath);
const out = typeof mod.report === "function" ? await mod.report() : Object.keys(mod).sort();
process.stdout.write(`${JSON.stringify(out)}\n`);
