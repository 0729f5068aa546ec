/**
 * How a generated file imports what a source file imported. A relative specifier is re-based; a
 * bare one resolves by the rules the inventory and the lint use (lib/specifier-resolution.ts
 * with the tsconfig `paths` and seam aliases of lib/import-aliases.ts): it is kept as written when
 * it loads the same file from the generated file (a workspace package name, an npm package, an
 * alias whose tsconfig covers both files), else imported through the file it loads (an alias of
 * a tsconfig that does not cover the generated file). A name reached two ways (`@acme/core` and
 * `@core/tool.js` both leading to tool.ts's `Context`) is one binding: `identity` follows
 * re-exports to the declaring file, so the generated file imports it once.
 */
import { posix } from "node:path";
import type { Project } from "ts-morph";
import { readImportAliases, type ImportAliases } from "../../../lib/import-aliases.js";
import { createSpecifierResolution } from "../../../lib/specifier-resolution.js";
import { listWorkspacePackages, rootRelativePackages } from "../../../lib/workspace-aliases.js";
import type { VirtualTree } from "../../plan.js";
import { specifierAsWritten } from "../../shared/paths.js";
import { parseText } from "../emit/morph.js";

export interface ImportSpellings {
  /** The tree file `specifier` loads from `fromFile`, or null (an npm package, a missing file). */
  resolve(fromFile: string, specifier: string): string | null;
  /** The specifier `toFile` imports what `fromFile` imported as `specifier`. */
  rebase(specifier: string, fromFile: string, toFile: string): string;
  /** The declaring file and name of `imported` from `specifier` in `fromFile`, or a key of the text when unresolved. */
  identity(fromFile: string, specifier: string, imported: string): string;
}

export function createImportSpellings(
  project: Project,
  tree: VirtualTree,
  root: string,
  aliases?: ImportAliases,
): ImportSpellings {
  const packages = listWorkspacePackages(root);
  const read =
    aliases ??
    readImportAliases(
      root,
      {},
      packages.map((p) => p.dir),
    );
  const rules = createSpecifierResolution({
    exists: (p) => tree.exists(p),
    packages: rootRelativePackages(root, packages),
    aliases: read.seam,
    scopes: read.scopes,
  });
  const resolve = (fromFile: string, specifier: string) => rules.resolve(fromFile, specifier);
  const declaring = (file: string, name: string, depth: number): string | null => {
    const text = tree.read(file);
    if (text === null || depth > 8) return null;
    const escaped = name.replace(/\$/g, "\\$");
    const declared = new RegExp(
      `export\\s+(?:declare\\s+)?(?:default\\s+)?(?:abstract\\s+)?(?:class|interface|type|function|const|let|var|enum)\\s+${escaped}(?![\\w$])`,
    );
    if (declared.test(text)) return `${file}#${name}`;
    const sf = parseText(project, `${file}.exports.ts`, text);
    for (const d of sf.getExportDeclarations()) {
      const spec = d.getModuleSpecifierValue();
      if (spec === undefined) continue;
      const named = d.getNamedExports();
      const hit =
        named.length === 0 && !d.getNamespaceExport()
          ? name
          : named.find((e) => (e.getAliasNode()?.getText() ?? e.getName()) === name)?.getName();
      if (hit === undefined) continue;
      const target = resolve(file, spec);
      const found = target === null ? null : declaring(target, hit, depth + 1);
      if (found !== null) return found;
    }
    return null;
  };
  return {
    resolve,
    rebase(specifier, fromFile, toFile) {
      if (specifier.startsWith(".")) {
        return specifierAsWritten(toFile, posix.normalize(posix.join(posix.dirname(fromFile), specifier)));
      }
      const target = resolve(fromFile, specifier);
      if (target === null || resolve(toFile, specifier) === target) return specifier;
      return specifierAsWritten(toFile, target);
    },
    identity(fromFile, specifier, imported) {
      const target = resolve(fromFile, specifier);
      const found = target === null || imported === "*" ? null : declaring(target, imported, 0);
      return found ?? `${target ?? specifier} ${imported}`;
    },
  };
}
