/**
 * `--typecheck`: runs the project's own TypeScript check (`tsc --noEmit -p <root>`) with
 * capkit's TypeScript and returns its errors keyed without line numbers, so the runner can tell
 * new errors from old ones after an apply. A target without node_modules (a copy of the
 * fixture under /tmp) gets a generated tsconfig under `.capkit/cache/` that extends its own and
 * maps `capkit/runtime` and `zod` into capkit's install (lib/workspace-aliases.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import ts from "typescript";
import { EnvironmentError } from "../../lib/errors.js";
import { codeFile } from "../../lib/package-layout.js";
import { capkitProvidedModules } from "../../lib/workspace-aliases.js";

export interface TypecheckResult {
  /** "file: TSxxxx: message" per error (line numbers dropped; duplicates kept). */
  readonly errors: string[];
  readonly tsconfig: string;
  readonly output: string;
}

const require = createRequire(import.meta.url);

/** The folder of a package capkit can resolve (its own dependency, or the host's), or null. */
function packageDir(name: string): string | null {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

function generatedConfig(root: string, tsconfig: string): string {
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const options = (read.config?.compilerOptions ?? {}) as { paths?: Record<string, string[]>; baseUrl?: string };
  const base = options.baseUrl ? resolve(dirname(tsconfig), options.baseUrl) : dirname(tsconfig);
  const paths: Record<string, string[]> = {};
  for (const [key, targets] of Object.entries(options.paths ?? {}))
    paths[key] = targets.map((t) => (isAbsolute(t) ? t : resolve(base, t)));
  const provided = capkitProvidedModules();
  paths["capkit/runtime"] = [provided["capkit/runtime"] ?? codeFile("runtime/index")];
  paths["zod"] = [join(dirname(require.resolve("zod/package.json")), "index.d.ts")];
  // Test files import vitest; lend its types where capkit can see it, so they are not all new errors.
  const vitestDir = packageDir("vitest");
  if (vitestDir && existsSync(join(vitestDir, "dist", "index.d.ts")))
    paths["vitest"] = [join(vitestDir, "dist", "index.d.ts")];
  const nodeTypes = packageDir("@types/node");
  const dir = join(root, ".capkit", "cache");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "tsconfig.typecheck.json");
  const config = {
    extends: tsconfig,
    compilerOptions: { paths, ...(nodeTypes ? { typeRoots: [dirname(nodeTypes)] } : {}), noEmit: true },
  };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/** The tsconfig tsc should use for `root`. */
export function typecheckConfig(root: string): string {
  const tsconfig = join(root, "tsconfig.json");
  if (!existsSync(tsconfig))
    throw new EnvironmentError("--typecheck needs a tsconfig.json at the root", {
      file: tsconfig,
      hint: "add one, or run without --typecheck",
    });
  const hasDeps = existsSync(join(root, "node_modules", "zod")) && existsSync(join(root, "node_modules", "capkit"));
  return hasDeps ? tsconfig : generatedConfig(root, tsconfig);
}

export function runTypecheck(root: string): TypecheckResult {
  const tsconfig = typecheckConfig(root);
  const tsc = require.resolve("typescript/bin/tsc");
  const run = spawnSync(process.execPath, [tsc, "--noEmit", "--pretty", "false", "-p", tsconfig], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
  const errors: string[] = [];
  for (const line of output.split("\n")) {
    const m = /^(.*?)\(\d+,\d+\): error (TS\d+): (.*)$/.exec(line) ?? /^error (TS\d+): (.*)$/.exec(line);
    if (!m) continue;
    errors.push(m.length === 4 ? `${m[1]}: ${m[2]}: ${m[3]}` : `${m[1]}: ${m[2]}`);
  }
  if (run.status !== 0 && errors.length === 0)
    throw new EnvironmentError(`tsc failed without reporting errors: ${output.slice(0, 400)}`, {
      hint: "run tsc -p <root> yourself to see why",
    });
  return { errors, tsconfig, output };
}

/** Errors in `after` that `before` did not have (as a multiset). */
export function newErrors(before: readonly string[], after: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const e of before) counts.set(e, (counts.get(e) ?? 0) + 1);
  const out: string[] = [];
  for (const e of after) {
    const n = counts.get(e) ?? 0;
    if (n > 0) counts.set(e, n - 1);
    else out.push(e);
  }
  return out;
}
