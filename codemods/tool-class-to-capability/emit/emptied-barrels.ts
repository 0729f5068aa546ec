/**
 * A barrel whose every re-export went with the classes (`export * from "./wolframalpha.js"`, the
 * file deleted) is left with nothing in it. Deleted when nothing imports it but other barrels'
 * `export *` (those lines go with it, barrels.ts), so the tree has no empty modules; kept when code
 * imports it or it is its package's entry (an outside consumer may import it): then it stays a
 * module (`export {};`, or an empty file fails TS2306 where imported) and the report says who still
 * imports it, so it can be deleted with them.
 */
import { posix } from "node:path";
import type { Project } from "ts-morph";
import type { VirtualTree } from "../../plan.js";
import { resolveRelative } from "../../shared/paths.js";
import { parseText } from "./morph.js";

/** What becomes of an emptied barrel: deleted, or kept for the importers named. */
export type EmptiedBarrel =
  | { readonly path: string; readonly kept: false }
  | { readonly path: string; readonly kept: true; readonly importers: readonly string[] };

const SOURCE = /\.(tsx?|mts|cts|jsx?|mjs|cjs)$/;

/** Whether `text` declares nothing (comments and whitespace only). */
export function isEmptyModule(project: Project, path: string, text: string): boolean {
  return parseText(project, `.capkit-barrels/${path}`, text).getStatements().length === 0;
}

/** Relative module specifiers of a file's imports, re-exports and `import()`s, with whether each is an `export *`. */
function specifiersIn(text: string): { spec: string; star: boolean }[] {
  const out: { spec: string; star: boolean }[] = [];
  const re = /\b(?:(export\s*\*\s*from)|from|import\s*\(?)\s*["'](\.{1,2}\/[^"']*|\.{1,2})["']/g;
  for (const m of text.matchAll(re)) if (m[2]) out.push({ spec: m[2], star: Boolean(m[1]) });
  return out;
}

/** Entry files a package.json names (main, module, types, exports), as the source files they build from. */
function packageEntries(tree: VirtualTree, barrel: string): Set<string> {
  const entries = new Set<string>();
  for (let dir = posix.dirname(barrel); ; dir = posix.dirname(dir)) {
    const manifest = tree.read(dir === "." ? "package.json" : `${dir}/package.json`);
    if (manifest !== null) {
      const values = [...manifest.matchAll(/"(\.?\/?[\w./-]+\.(?:[mc]?js|ts|d\.ts))"/g)].map((m) => m[1] ?? "");
      for (const v of values) {
        const rel = posix.normalize(posix.join(dir, v));
        entries.add(rel.replace(/\.d\.ts$|\.[mc]?js$/, ".ts"));
        entries.add(rel.replace(/(^|\/)dist\//, "$1src/").replace(/\.d\.ts$|\.[mc]?js$/, ".ts"));
      }
      return entries;
    }
    if (dir === "." || dir === "/") return entries;
  }
}

/**
 * Settles the barrels `candidates` that were emptied: the ones only other barrels' `export *`
 * reach are deleted (returned kept: false; the caller drops those lines), the others are kept.
 */
export function settleEmptiedBarrels(
  tree: VirtualTree,
  candidates: readonly string[],
  skipDir: string,
): EmptiedBarrel[] {
  const out: EmptiedBarrel[] = [];
  const files = tree
    .list()
    .filter((f) => SOURCE.test(f) && !f.includes("/node_modules/") && !f.startsWith(`${skipDir}/`));
  for (const barrel of candidates) {
    const importers: string[] = [];
    for (const file of files) {
      if (file === barrel) continue;
      const text = tree.read(file);
      if (text === null) continue;
      const reaching = specifiersIn(text).filter((s) => resolveRelative(tree, file, s.spec) === barrel);
      if (reaching.some((s) => !s.star)) importers.push(file);
    }
    if (packageEntries(tree, barrel).has(barrel)) importers.push("its package.json (the package's entry)");
    if (importers.length > 0) {
      const left = (tree.read(barrel) ?? "").trimEnd();
      tree.write(barrel, `${left ? `${left}\n` : ""}export {};\n`);
      out.push({ path: barrel, kept: true, importers });
    } else {
      tree.delete(barrel);
      out.push({ path: barrel, kept: false });
    }
  }
  return out;
}
