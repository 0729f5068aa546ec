/**
 * Where a monorepo's packages live, as its own manifests say: `package.json` `workspaces`
 * (npm, yarn: an array or `{ packages: [...] }`), `pnpm-workspace.yaml` `packages:`, and
 * `lerna.json` `packages`. With none of them (an nx-style repo, or a bare folder of packages),
 * the conventional folders `packages/*`, `libs/*` and `apps/*` are tried. `!`-patterns exclude.
 * The patterns name package folders; expandWorkspaceGlobs lists the folders that hold a
 * package.json (never under node_modules or a dot folder; symlinks as the tree walker follows them).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { globToRegExp } from "./glob.js";
import { isNeverScannedDir } from "./never-scanned.js";
import { walkTree, type WalkRules } from "./tree-walk.js";

export interface WorkspaceGlobs {
  /** Folder patterns, root-relative (`packages/*`, `libs/providers/*`). */
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  /** Which file said so: "package.json workspaces", "pnpm-workspace.yaml", "lerna.json", or "default". */
  readonly source: string;
}

const FALLBACK = ["packages/*", "libs/*", "apps/*"];

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The `packages:` list of a pnpm-workspace.yaml (block or flow style); the rest of the file is not needed. */
export function pnpmWorkspacePatterns(text: string): string[] {
  const out: string[] = [];
  const lines = text.split(/\r?\n/);
  const unquote = (s: string) =>
    s
      .trim()
      .replace(/^(['"])(.*)\1$/, "$2")
      .trim();
  for (let i = 0; i < lines.length; i++) {
    const m = /^packages\s*:\s*(.*)$/.exec(lines[i] ?? "");
    if (!m) continue;
    const rest = (m[1] ?? "").replace(/\s+#.*$/, "").trim();
    if (rest.startsWith("["))
      return rest
        .replace(/^\[|\]$/g, "")
        .split(",")
        .map(unquote)
        .filter(Boolean);
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j] ?? "";
      if (/^\s*(#.*)?$/.test(line)) continue;
      const item = /^\s+-\s*(.+?)\s*(?:#.*)?$/.exec(line) ?? /^-\s*(.+?)\s*(?:#.*)?$/.exec(line);
      if (!item) break;
      out.push(unquote(item[1] ?? ""));
    }
    return out.filter(Boolean);
  }
  return out;
}

/** The root files a workspace layout is read from (readWorkspaceGlobsFrom's `read` is asked for these). */
export const WORKSPACE_LAYOUT_FILES = ["package.json", "pnpm-workspace.yaml", "lerna.json"] as const;

const parseObject = (text: string | null): Record<string, unknown> | null => {
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * The workspace globs from the root layout files' texts, however they were read (the working
 * tree, or blobs of a commit for the history backfill); `read` returns null for a missing file.
 */
export function readWorkspaceGlobsFrom(
  read: (name: (typeof WORKSPACE_LAYOUT_FILES)[number]) => string | null,
): WorkspaceGlobs {
  const split = (patterns: readonly string[], source: string): WorkspaceGlobs => {
    const clean = (p: string) => p.replace(/^\.\//, "").replace(/\/+$/, "");
    return {
      include: patterns.filter((p) => !p.startsWith("!")).map(clean),
      exclude: patterns.filter((p) => p.startsWith("!")).map((p) => clean(p.slice(1))),
      source,
    };
  };
  const manifest = parseObject(read("package.json"));
  const ws = manifest?.["workspaces"];
  const fromManifest = Array.isArray(ws)
    ? strings(ws)
    : strings((ws as Record<string, unknown> | undefined)?.["packages"]);
  if (fromManifest.length > 0) return split(fromManifest, "package.json workspaces");
  const pnpm = read("pnpm-workspace.yaml");
  if (pnpm !== null) {
    const patterns = pnpmWorkspacePatterns(pnpm);
    if (patterns.length > 0) return split(patterns, "pnpm-workspace.yaml");
  }
  const lerna = strings(parseObject(read("lerna.json"))?.["packages"]);
  if (lerna.length > 0) return split(lerna, "lerna.json");
  return split(FALLBACK, "default");
}

export function readWorkspaceGlobs(root: string): WorkspaceGlobs {
  return readWorkspaceGlobsFrom((name) => {
    const path = join(root, name);
    if (!existsSync(path)) return null;
    try {
      return readFileSync(path, "utf8");
    } catch {
      return null;
    }
  });
}

/** Is a root-relative folder a package folder the globs declare (an include matches, no exclude)? */
export function isWorkspaceDir(dir: string, globs: WorkspaceGlobs): boolean {
  const match = (g: string) => globToRegExp(g, { dot: false }).test(dir);
  return globs.include.some(match) && !globs.exclude.some(match);
}

/** The static folder prefix of a pattern (`libs/providers/*` → `libs/providers`). */
export function staticPrefix(pattern: string): string {
  const segs = pattern.split("/");
  const i = segs.findIndex((s) => /[*?[{]/.test(s));
  return (i === -1 ? segs : segs.slice(0, i)).join("/");
}

/**
 * Root-relative folders matching the globs that hold a package.json, sorted, without duplicates.
 * Walked by the one tree walker (lib/tree-walk.ts), so a package folder behind a symlink is found
 * as the scan finds its files: links followed once, loops end, a package reached twice is one
 * package, no link out of the root or into node_modules.
 */
export function expandWorkspaceGlobs(root: string, globs: WorkspaceGlobs): string[] {
  const found = new Set<string>();
  const excludes = globs.exclude.map((g) => globToRegExp(g, { dot: false }));
  for (const pattern of globs.include) {
    const re = globToRegExp(pattern, { dot: false });
    const depthLimit = pattern.includes("**") ? 6 : pattern.split("/").length;
    const rules: WalkRules = {
      enters: (path, name) => !isNeverScannedDir(name) && !name.startsWith(".") && path.split("/").length <= depthLimit,
      lists: (_path, name) => name === "package.json",
    };
    for (const manifest of walkTree(root, [{ base: staticPrefix(pattern), rules }])) {
      const dir = manifest.slice(0, Math.max(0, manifest.lastIndexOf("/")));
      if (dir && re.test(dir)) found.add(dir);
    }
  }
  return [...found].filter((dir) => !excludes.some((x) => x.test(dir))).sort();
}

const SOURCE_GLOB = "**/*.{ts,tsx,mts,cts}";

/**
 * The default scan scope for a root: the source under every workspace folder its manifests
 * declare (`libs/*` → `libs/**\/*.{ts,…}`), or, with no manifest, under whichever of
 * packages/, libs/ and apps/ exist. `packages/**` alone when that is all there is (NodeTool's
 * layout). A single-package repository (none of those, a src/ folder) is scanned under src/.
 */
export function workspaceScanInclude(root: string, fallback: readonly string[]): string[] {
  const globs = readWorkspaceGlobs(root);
  const tops = new Set<string>();
  for (const p of globs.include) {
    const prefix = staticPrefix(p);
    if (!prefix) continue;
    if (globs.source === "default" && !existsSync(join(root, prefix))) continue;
    tops.add(prefix);
  }
  // Nested patterns (`libs/*`, `libs/providers/*`) share their top folder's one glob.
  const roots = [...tops].filter((t) => ![...tops].some((o) => o !== t && t.startsWith(`${o}/`))).sort();
  if (roots.length === 0 && globs.source === "default" && existsSync(join(root, "src"))) return [`src/${SOURCE_GLOB}`];
  if (roots.length === 0 || (roots.length === 1 && roots[0] === "packages")) return [...fallback];
  return roots.map((r) => `${r}/${SOURCE_GLOB}`);
}
