/**
 * Test helper: the argv that runs the `capkit` executable from its TypeScript sources in a new
 * process (`node --import tsx bin/run.ts …`), so CLI tests exercise the code they sit beside.
 * The built executable, as users get it, is tested through the packed tarball
 * (bin/packed-install.test.ts).
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const TSX = pathToFileURL(require.resolve("tsx")).href;
const CLI_ENTRY = join(import.meta.dirname, "..", "run.ts");

/** `spawn(process.execPath, cliArgs("inventory", root, "--json"))`. */
export function cliArgs(...args: string[]): string[] {
  return ["--import", TSX, CLI_ENTRY, ...args];
}
