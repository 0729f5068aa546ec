#!/usr/bin/env node
/**
 * The `capkit` executable (package.json "bin" points at its build, dist/bin/run.js). It always
 * runs: however it is reached (a node_modules/.bin symlink, npx, an npm script, a global
 * install, pnpm's layout) there is nothing to detect. Tests import main() from capkit.ts instead.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

type Cli = typeof import("./capkit.js");

/**
 * `capkit inventory` runs from the build's bundle of the CLI (dist/cli/capkit.cjs,
 * scripts/build.mjs) when there is one: one file compiled with a V8 code cache loads faster than
 * the ~130 modules of its cold path. Every other command runs from the modules (migrate and
 * parity lend targets the modules of capkit/runtime, which must be the very instances the
 * command runs).
 */
const BUNDLE = fileURLToPath(new URL("../cli/capkit.cjs", import.meta.url));
const bundled = process.argv[2] === "inventory" && import.meta.url.endsWith(".js") && existsSync(BUNDLE);
const { main, processIO }: Cli = bundled
  ? (await import("../lib/code-cache.js")).requireWithCodeCache<Cli>(BUNDLE).exports
  : await import("./capkit.js");

// A reader that stops early (`capkit inventory --json | head`) closes the pipe: stop quietly
// with the command's exit code instead of an unhandled EPIPE trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
}
process.exitCode = await main(process.argv.slice(2), processIO());
