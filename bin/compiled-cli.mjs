/**
 * compiledCli(command): the CLI's TypeScript compiled once to plain ES modules (esbuild, our own
 * sources bundled, packages left to node_modules, one chunk per command), kept in
 * `node_modules/.cache/capkit-cli/` and reused while no source changed. Running through tsx
 * costs ~0.4 s a process in module loading (every import crosses to tsx's loader thread); the
 * compiled CLI starts in ~0.3 s instead of ~0.7 s. Plain JavaScript, because it runs before tsx.
 *
 * Only commands that never import a target repository's code in this process run compiled
 * (inventory, lint, migrate, smoke: smoke runs the target in a child process): a target that
 * imports `capkit/runtime` loads it through tsx from the sources, and a compiled copy beside it
 * would be a second module instance. demo, parity and dashboard stay on tsx.
 *
 * Freshness: the manifest lists every bundled source (esbuild's metafile) with its size and
 * mtime, plus package.json and tsconfig.json; one stat each (~1 ms) decides. `import.meta.url`
 * (the expression; text in strings is left alone) is the source file's own URL, so code that
 * finds files next to itself still does.
 * Any failure (no esbuild, a read-only install, a build error) returns null and the caller runs
 * the sources through tsx as before: never worse than without it. CAPKIT_COMPILED_CLI=0 turns it
 * off. The cache must sit inside the package's node_modules: the compiled chunks import packages
 * by bare name, resolved from where the chunks are, as they are from the sources.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const COMPILED_COMMANDS = new Set(["inventory", "lint", "migrate", "smoke"]);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Bumped when what this file writes changes shape, so an older cache is rebuilt. */
const MANIFEST_VERSION = 2;
/** Build folders no manifest points to are removed after this long (a running CLI may still load chunks from one). */
const STALE_BUILD_MS = 60 * 60 * 1000;
/** The per-module constant `import.meta.url` is defined as (see the build). */
const SOURCE_URL = "__capkitSourceUrl";

/**
 * @param {string | undefined} command
 * @param {{ env?: NodeJS.ProcessEnv, root?: string, cacheDir?: string }} [options] (`cacheDir`: tests)
 * @returns {Promise<string | null>} the compiled entry's file URL, or null (run through tsx)
 */
export async function compiledCli(command, options = {}) {
  const env = options.env ?? process.env;
  const root = options.root ?? ROOT;
  if (command === undefined || !COMPILED_COMMANDS.has(command) || env.CAPKIT_COMPILED_CLI === "0") return null;
  const cacheDir = options.cacheDir ?? join(root, "node_modules", ".cache", "capkit-cli");
  try {
    const fresh = freshEntry(cacheDir);
    if (fresh) return pathToFileURL(fresh).href;
    return pathToFileURL(await rebuild(root, cacheDir)).href;
  } catch {
    return null;
  }
}

/** The entry of the build the manifest points to, when every input is as it was built from; else null. */
function freshEntry(cacheDir) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(cacheDir, "manifest.json"), "utf8"));
  } catch {
    return null;
  }
  if (manifest?.version !== MANIFEST_VERSION || typeof manifest.build !== "string" || typeof manifest.inputs !== "object") return null;
  for (const [file, [size, mtimeMs]] of Object.entries(manifest.inputs)) {
    let st;
    try {
      st = statSync(file);
    } catch {
      return null;
    }
    if (st.size !== size || st.mtimeMs !== mtimeMs) return null;
  }
  const entry = join(cacheDir, manifest.build, "capkit.js");
  // A build folder removed by hand (the manifest outlived it): build again.
  return existsSync(entry) ? entry : null;
}

/** Builds into a new folder, then points the manifest at it (written whole, then renamed: readers never see half of it). */
async function rebuild(root, cacheDir) {
  const { build } = await import("esbuild");
  mkdirSync(cacheDir, { recursive: true });
  const name = `build-${process.pid}-${Date.now().toString(36)}`;
  const outdir = join(cacheDir, name);
  // Stat the sources before reading them: an edit made during the build then fails the next check.
  const inputs = {};
  const record = (file) => {
    const st = statSync(file);
    inputs[file] = [st.size, st.mtimeMs];
  };
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, "bin", "capkit.ts")],
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    // Each module's `import.meta.url` (the expression, not text in a string) becomes the constant
    // the plugin below declares at the top of that module: its source file's own URL.
    define: { "import.meta.url": SOURCE_URL },
    metafile: true,
    // Stack traces of an internal error then name the TypeScript sources (see bin/capkit.mjs).
    sourcemap: true,
    logLevel: "silent",
    plugins: [
      {
        name: "capkit-source-urls",
        setup(b) {
          // Every bundled source (packages stay external), so no module is left with the define's constant undeclared.
          b.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
            record(args.path);
            const source = readFileSync(args.path, "utf8");
            const contents = source.includes("import.meta.url") ? `const ${SOURCE_URL} = ${JSON.stringify(pathToFileURL(args.path).href)};\n${source}` : source;
            return { contents, loader: /\.[cm]?ts$/.test(args.path) ? "ts" : "js" };
          });
        },
      },
    ],
  });
  for (const file of Object.keys(result.metafile.inputs)) {
    const abs = resolve(root, file);
    if (!(abs in inputs)) record(abs);
  }
  for (const extra of ["package.json", "tsconfig.json"]) record(join(root, extra));
  const tmp = join(cacheDir, `manifest.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify({ version: MANIFEST_VERSION, build: name, inputs }));
  renameSync(tmp, join(cacheDir, "manifest.json"));
  removeStaleBuilds(cacheDir, name);
  return join(outdir, "capkit.js");
}

function removeStaleBuilds(cacheDir, keep) {
  const now = Date.now();
  for (const entry of readdirSync(cacheDir)) {
    if (!entry.startsWith("build-") || entry === keep) continue;
    const dir = join(cacheDir, entry);
    try {
      if (now - statSync(dir).mtimeMs > STALE_BUILD_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}
