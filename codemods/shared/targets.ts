/**
 * Where a rewritten file imports the capabilities side and the runtime from: a relative
 * `.js` specifier inside the same workspace package; across packages, the package name when
 * its index re-exports the needed names, else a relative path with a note saying which
 * re-export would make the import clean. The runtime comes from `runtimeImport` (a package
 * specifier, or a root-relative path when it starts with "./").
 */
import type { VirtualTree } from "../plan.js";
import { moduleExports } from "./exports.js";
import { packageDirOf, packageNameOf, relativeSpecifier, resolveRelative, specifierAsWritten } from "./paths.js";

export interface ImportTarget {
  readonly specifier: string;
  /** Set when the import crosses a package boundary (by name via an added re-export, or by relative path). */
  readonly note?: string;
  /** The package entry that must re-export what this file imports by package name. */
  readonly entry?: string;
}

function packageEntry(tree: VirtualTree, packageDir: string): string {
  const manifest = tree.read(`${packageDir}/package.json`);
  if (manifest !== null) {
    try {
      const parsed = JSON.parse(manifest) as { exports?: unknown; main?: unknown };
      const exp = parsed.exports;
      const dot =
        typeof exp === "string"
          ? exp
          : typeof exp === "object" && exp !== null
            ? (exp as Record<string, unknown>)["."]
            : undefined;
      const rel = typeof dot === "string" ? dot : typeof parsed.main === "string" ? parsed.main : null;
      if (rel && /\.tsx?$/.test(rel)) return `${packageDir}/${rel.replace(/^\.\//, "")}`;
    } catch {
      // fall through to the conventional entry
    }
  }
  return `${packageDir}/src/index.ts`;
}

/**
 * Re-exports to add to a package's entry so other packages can import the capabilities side by
 * package name (`export { registry, toolForCapabilityName } from "./capabilities/registry.js"`).
 * Collected over a run and written once per entry by `apply()`.
 */
export class PackageReexports {
  private readonly pending = new Map<string, { specifier: string; names: Set<string> }>();

  constructor(private readonly tree: VirtualTree) {}

  /** The names the entry still lacks, or null when one of them is taken by another binding. */
  missing(entry: string, target: string, names: readonly string[]): string[] | null {
    const text = this.tree.read(entry);
    if (text === null) return null;
    const exp = moduleExports(entry, text);
    const missing: string[] = [];
    for (const name of names) {
      if (!exp.names.has(name)) {
        missing.push(name);
        continue;
      }
      const from = exp.reexportFrom.get(name);
      if (!from || resolveRelative(this.tree, entry, from) !== target) return null;
    }
    return missing;
  }

  /** Records that the entry must re-export `names` from `target` (call once the import is written). */
  add(entry: string, target: string, names: readonly string[]): void {
    const missing = this.missing(entry, target, names) ?? [];
    if (missing.length === 0) return;
    const slot = this.pending.get(entry) ?? { specifier: relativeSpecifier(entry, target), names: new Set<string>() };
    missing.forEach((n) => slot.names.add(n));
    this.pending.set(entry, slot);
  }

  /** Writes the collected re-exports; returns the entries it changed. */
  apply(): string[] {
    for (const [entry, { specifier, names }] of this.pending) {
      const text = this.tree.readOrThrow(entry);
      const eol = text.includes("\r\n") ? "\r\n" : "\n";
      const sep = text.length === 0 || text.endsWith("\n") ? "" : eol;
      this.tree.write(entry, `${text}${sep}export { ${[...names].join(", ")} } from "${specifier}";${eol}`);
    }
    const changed = [...this.pending.keys()];
    this.pending.clear();
    return changed;
  }
}

export function importTarget(
  tree: VirtualTree,
  fromFile: string,
  targetFile: string,
  names: readonly string[],
  reexports?: PackageReexports,
): ImportTarget {
  const fromPkg = packageDirOf(fromFile);
  const toPkg = packageDirOf(targetFile);
  if (!fromPkg || !toPkg || fromPkg === toPkg) return { specifier: relativeSpecifier(fromFile, targetFile) };
  const name = packageNameOf(tree, toPkg);
  const entry = packageEntry(tree, toPkg);
  const missing = name && reexports ? reexports.missing(entry, targetFile, names) : null;
  if (name && missing) {
    const note =
      missing.length > 0
        ? `note: imports the capabilities side as ${name}; ${entry} gains the re-exports it lacks`
        : undefined;
    return { specifier: name, entry, ...(note ? { note } : {}) };
  }
  return {
    specifier: relativeSpecifier(fromFile, targetFile),
    note: `note: ${fromFile} reaches ${targetFile} by a relative path across packages; re-export ${names.join(", ")} from ${name ?? toPkg}'s index and import it by package name`,
  };
}

export function runtimeSpecifier(fromFile: string, runtimeImport: string): string {
  if (!runtimeImport.startsWith("./") && !runtimeImport.startsWith("../")) return runtimeImport;
  const target = runtimeImport.replace(/^\.\//, "");
  // A runtime already named by its `.js` file is kept as written (not `index.js.js`).
  return /\.[cm]?js$/.test(target) ? specifierAsWritten(fromFile, target) : relativeSpecifier(fromFile, target);
}
