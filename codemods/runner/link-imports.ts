/**
 * Imports through a symlink to a file this migrate changes. The inventory and the codemods know a
 * file by the one path the tree walker lists it under (lib/tree-walk.ts); an import written
 * through a link to it (`./tools/web-tools.js`, a link to `../web-tools.real.ts`) names a path they
 * never saw, so it is not rewritten. Applying would leave that import pointing at a file the run
 * emptied or deleted: such a plan is refused, naming the importer, the link and the real file.
 */
import { posix } from "node:path";
import { EnvironmentError } from "../../lib/errors.js";
import type { WalkTrace } from "../../lib/tree-walk.js";
import type { FileChange, VirtualTree } from "../plan.js";

export type LinkAliases = NonNullable<WalkTrace["aliases"]>;

export interface LinkImport {
  readonly importer: string;
  readonly specifier: string;
  readonly link: string;
  readonly real: string;
  readonly change: "modify" | "delete";
}

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const RELATIVE_LITERAL = /["'](\.{1,2}\/[^"'\n]*)["']/g;
const stemOf = (path: string) => path.replace(SOURCE, "");

/** The relative specifiers in `text` that can name `link` from `importer`. */
function specifiersNaming(importer: string, text: string, link: string): string[] {
  const target = stemOf(link);
  const index = posix.basename(target) === "index" ? posix.dirname(target) : null;
  const found: string[] = [];
  for (const m of text.matchAll(RELATIVE_LITERAL)) {
    const spec = m[1] as string;
    const joined = stemOf(posix.normalize(posix.join(posix.dirname(importer), spec)));
    if (joined === target || joined === index) found.push(spec);
  }
  return found;
}

/** Every import, in the planned tree, of a link whose real file the plan modifies or deletes. */
export function importsThroughLinks(
  tree: VirtualTree,
  aliases: LinkAliases,
  changes: readonly FileChange[],
): LinkImport[] {
  const changed = new Map(changes.flatMap((c) => (c.kind === "create" ? [] : [[c.path, c.kind] as const])));
  // A link to a folder is a link to each changed file under it.
  const files = aliases.flatMap((a) =>
    a.folder
      ? [...changed.keys()]
          .filter((p) => p.startsWith(`${a.listed}/`) || a.listed === "")
          .map((p) => ({ path: `${a.path}/${a.listed === "" ? p : p.slice(a.listed.length + 1)}`, listed: p }))
      : [a],
  );
  const hit = files.filter((a) => changed.has(a.listed) && SOURCE.test(a.path));
  if (!hit.length) return [];
  const out: LinkImport[] = [];
  for (const importer of tree.list()) {
    if (!SOURCE.test(importer)) continue;
    const text = tree.read(importer);
    if (text === null) continue;
    for (const a of hit) {
      if (!text.includes(posix.basename(stemOf(a.path)))) continue;
      for (const specifier of specifiersNaming(importer, text, a.path))
        out.push({ importer, specifier, link: a.path, real: a.listed, change: changed.get(a.listed) ?? "modify" });
    }
  }
  return out;
}

export function assertNoLinkImports(found: readonly LinkImport[]): void {
  const first = found[0];
  if (!first) return;
  const what = (f: LinkImport) =>
    `${f.importer} imports "${f.specifier}", a symbolic link (${f.link}) to ${f.real}, which this migrate ${f.change === "delete" ? "deletes" : "rewrites"}`;
  throw new EnvironmentError(
    `${found.slice(0, 3).map(what).join("; ")}${found.length > 3 ? ` (and ${found.length - 3} more)` : ""}: an import through a link cannot be followed by the rewrite, and applying would leave it broken; nothing was written`,
    {
      file: first.importer,
      hint: `import the real file (${first.real}) instead of the link, or replace the link with the file; commit, and run migrate again`,
    },
  );
}

export interface DanglingLink {
  /** The link, root-relative. */
  readonly link: string;
  /** The file it points at, which the plan deletes. */
  readonly real: string;
}

/**
 * File links to a file the plan deletes. One an import goes through is refused above; any other
 * (a link nothing imports, kept for a tool or a doc) is left pointing at nothing by the apply,
 * so the result names it instead of leaving it for the next `ls` to find.
 */
export function linksToDeleted(aliases: LinkAliases, changes: readonly FileChange[]): DanglingLink[] {
  const deleted = new Set(changes.flatMap((c) => (c.kind === "delete" ? [c.path] : [])));
  return aliases
    .filter((a) => !a.folder && deleted.has(a.listed))
    .map((a) => ({ link: a.path, real: a.listed }))
    .sort((x, y) => x.link.localeCompare(y.link));
}
