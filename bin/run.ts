#!/usr/bin/env node
/**
 * The `capkit` executable (package.json "bin" points at its build, dist/bin/run.js). It always
 * runs: however it is reached (a node_modules/.bin symlink, npx, an npm script, a global
 * install, pnpm's layout) there is nothing to detect. Tests import main() from capkit.ts instead.
 */
import { main, processIO } from "./capkit.js";

// A reader that stops early (`capkit inventory --json | head`) closes the pipe: stop quietly
// with the command's exit code instead of an unhandled EPIPE trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
}
process.exitCode = await main(process.argv.slice(2), processIO());
