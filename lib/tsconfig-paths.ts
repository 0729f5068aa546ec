/**
 * Reads a tsconfig's module aliases without TypeScript (the inventory loads no parser when it
 * can help it): `compilerOptions.paths` and `baseUrl`, through the `extends` chain (a relative
 * file or a package's config under node_modules; a list extends each in turn, later ones win).
 * As TypeScript does: a child's `paths` or `baseUrl` replaces its parent's; `paths` targets are
 * relative to `baseUrl` when one is set, else to the config that declares `paths`; `baseUrl` is
 * relative to the config that declares it. JSON with comments and trailing commas is accepted.
 * A config that is missing, unreadable or not JSON is a problem naming the file, never a throw.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export interface TsconfigPaths {
  /** Absolute folder `baseUrl` names, or null. */
  readonly baseUrl: string | null;
  /** Pattern (`@core/*`) → absolute target patterns, in the order TypeScript tries them. */
  readonly paths: ReadonlyMap<string, readonly string[]>;
}

export interface TsconfigProblem {
  /** Root-relative, `/` separators. */
  readonly file: string;
  readonly message: string;
}

/** JSON with `//` and block comments and trailing commas made plain JSON (strings left alone). */
export function stripJsonComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      out += text.slice(start, i + 1);
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
      out += " ";
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

type Raw = { extends?: unknown; compilerOptions?: { baseUrl?: unknown; paths?: unknown } };

/** The config an `extends` entry names, or null when it is nowhere. */
function extendedFile(fromFile: string, spec: string, root: string): string | null {
  const withJson = (p: string) => (p.endsWith(".json") ? [p] : [p, `${p}.json`, join(p, "tsconfig.json")]);
  if (spec.startsWith(".") || spec.startsWith("/")) {
    return withJson(resolve(dirname(fromFile), spec)).find((p) => existsSync(p)) ?? null;
  }
  // A package's config: the nearest node_modules up to the root (pnpm links each package's own).
  for (let dir = dirname(fromFile); ; dir = dirname(dir)) {
    const hit = withJson(join(dir, "node_modules", spec)).find((p) => existsSync(p));
    if (hit) return hit;
    if (dir === root || dirname(dir) === dir || relative(root, dir).startsWith("..")) return null;
  }
}

interface Chain {
  baseUrl: string | null;
  /** The patterns and the folder their targets are relative to when there is no baseUrl. */
  paths: { readonly map: Record<string, unknown>; readonly dir: string } | null;
}

function readChain(
  file: string,
  root: string,
  problems: TsconfigProblem[],
  seen: Set<string>,
  read: Set<string> | undefined,
): Chain {
  const empty: Chain = { baseUrl: null, paths: null };
  const name = relative(root, file).split(sep).join("/");
  read?.add(file);
  if (seen.has(file)) {
    problems.push({ file: name, message: "its extends chain comes back to itself; fix the extends field" });
    return empty;
  }
  seen.add(file);
  let raw: Raw;
  try {
    // A UTF-8 byte-order mark is valid in a tsconfig (TypeScript reads past it); JSON.parse is not.
    raw = JSON.parse(stripJsonComments(readFileSync(file, "utf8").replace(/^\uFEFF/, ""))) as Raw;
  } catch (e) {
    problems.push({
      file: name,
      message: `not readable as JSON (${(e as Error).message}); its paths aliases were not used, fix the file`,
    });
    return empty;
  }
  if (typeof raw !== "object" || raw === null) return empty;
  const chain: Chain = { ...empty };
  const parents = typeof raw.extends === "string" ? [raw.extends] : Array.isArray(raw.extends) ? raw.extends : [];
  for (const spec of parents) {
    if (typeof spec !== "string") continue;
    const parent = extendedFile(file, spec, root);
    if (parent === null) {
      // A package's shared config (@tsconfig/node20) is not installed where capkit runs before
      // `npm ci`; such configs hold compiler options, not a repo's paths, so the scan goes on.
      const relativeSpec = spec.startsWith(".") || spec.startsWith("/");
      if (relativeSpec)
        problems.push({ file: name, message: `extends "${spec}", which is not found; fix the extends field` });
      continue;
    }
    const got = readChain(parent, root, problems, seen, read);
    chain.baseUrl = got.baseUrl ?? chain.baseUrl;
    chain.paths = got.paths ?? chain.paths;
  }
  const options = raw.compilerOptions ?? {};
  if (typeof options.baseUrl === "string") chain.baseUrl = resolve(dirname(file), options.baseUrl);
  if (typeof options.paths === "object" && options.paths !== null && !Array.isArray(options.paths))
    chain.paths = { map: options.paths as Record<string, unknown>, dir: dirname(file) };
  return chain;
}

/**
 * `file`'s aliases (absolute paths), or null when it has neither `paths` nor `baseUrl`. `read`
 * collects every config of the chain (absolute), for a cache that must notice an edit to one.
 */
export function readTsconfigPaths(
  file: string,
  root: string,
  problems: TsconfigProblem[],
  read?: Set<string>,
): TsconfigPaths | null {
  const chain = readChain(file, root, problems, new Set(), read);
  if (chain.baseUrl === null && chain.paths === null) return null;
  const paths = new Map<string, string[]>();
  const against = chain.baseUrl ?? chain.paths?.dir ?? dirname(file);
  for (const [pattern, targets] of Object.entries(chain.paths?.map ?? {})) {
    if (!Array.isArray(targets)) continue;
    const list = targets.filter((t): t is string => typeof t === "string").map((t) => resolve(against, t));
    if (list.length > 0) paths.set(pattern, list);
  }
  return { baseUrl: chain.baseUrl, paths };
}
