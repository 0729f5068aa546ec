#!/usr/bin/env node
// `npm run build` (also run by `prepare`, so `npm install` in a checkout or from git builds it):
// compiles the published entries and the CLI into dist/ with tsc (ES modules + .d.ts; tsc
// rather than esbuild, because the declarations need the full type check anyway), then copies
// the files tsc does not emit: the target loader's resolve hooks and the demo's fixture.
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "dist");
const require = createRequire(import.meta.url);

// `--clean` (prepack): a tarball is built from nothing, so no output of a removed source ships.
if (process.argv.includes("--clean")) rmSync(DIST, { recursive: true, force: true });

const tsc = spawnSync(
  process.execPath,
  [require.resolve("typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.build.json")],
  { stdio: "inherit" },
);
if (tsc.status !== 0) {
  console.error(
    "capkit build: tsc failed (errors above); dist/ is incomplete — fix them and run `npm run build` again",
  );
  process.exit(tsc.status ?? 1);
}

/** The CLI's bundle (written below): not tsc's output, so prune leaves it to its own step. */
const CLI = join(DIST, "cli");

// tsc builds incrementally and never deletes: drop what a removed or renamed source left behind.
function prune(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join(DIST, "demo") && path !== CLI) prune(path);
      continue;
    }
    const source = /^(.*)\.(d\.ts|js)$/.exec(relative(DIST, path));
    if (entry.name.endsWith(".map") || (source && !existsSync(join(ROOT, `${source[1]}.ts`)))) rmSync(path);
  }
}
prune(DIST);

cpSync(join(ROOT, "lib", "target-loader-hooks.mjs"), join(DIST, "lib", "target-loader-hooks.mjs"));

// `capkit inventory` runs from a bundle of the compiled CLI (bin/run.ts picks it): a cold run
// otherwise spends a measurable share of its time loading a hundred-odd modules. One CommonJS
// file, so bin/run.ts can compile it with a V8 code cache as it does TypeScript
// (lib/code-cache.ts): no compile of the bundle or of the functions it runs on later runs, which
// an ES module loaded by Node cannot have on Node 20. Its dynamic imports are inlined but the
// other commands' (which stay the modules they are); packages stay external (TypeScript keeps
// its own code cache). `import.meta.url` becomes the bundle's own file URL. One folder below
// dist/, as the modules are, so lib/package-layout.ts finds the same code root from either.
// Written after tsc, from its output, so it is never older.
rmSync(CLI, { recursive: true, force: true });
try {
  await require("esbuild").build({
    entryPoints: [join(DIST, "bin", "capkit.js")],
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    packages: "external",
    outfile: join(CLI, "capkit.cjs"),
    define: { "import.meta.url": "__capkitModuleUrl" },
    banner: { js: 'const __capkitModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    logLevel: "warning",
    // Only inventory's path: the other commands stay the modules they are (bin/run.ts sends only
    // `inventory` here), so the package does not carry a second copy of them.
    plugins: [
      {
        name: "other-commands-as-modules",
        setup(build) {
          build.onResolve({ filter: /^\.\/commands\/[\w-]+\.js$/ }, (args) =>
            args.path === "./commands/inventory.js"
              ? undefined
              : { path: `../bin/${args.path.slice(2)}`, external: true },
          );
        },
      },
    ],
  });
} catch (error) {
  rmSync(CLI, { recursive: true, force: true });
  console.error(`capkit build: bundling the CLI failed (${error.message}); the CLI runs from the modules`);
}
chmodSync(join(DIST, "bin", "run.js"), 0o755);

// The demo needs the fixture's sources, config and test helpers (parity builds its context from
// tests/fake-context.ts), not its behaviour suite or saved results.
const FIXTURE = join(ROOT, "fixtures", "nodetool-mini");
const DEMO = join(DIST, "demo", "nodetool-mini");
const LEFT_OUT = [
  /\.test\.ts$/,
  /(^|\/)node_modules(\/|$)/,
  /^\.capkit\/(results|cache)(\/|$)/,
  /^expected-inventory\.json$/,
];
rmSync(DEMO, { recursive: true, force: true });
if (existsSync(FIXTURE)) {
  cpSync(FIXTURE, DEMO, {
    recursive: true,
    filter: (src) => !LEFT_OUT.some((re) => re.test(relative(FIXTURE, src).split(sep).join("/"))),
  });
}
