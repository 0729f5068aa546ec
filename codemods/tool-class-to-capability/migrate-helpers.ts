/**
 * Small helpers of migrate-namespace.ts that read the VirtualTree or the generated parts: the
 * category map's file, import targets, declared names, textual "is it used elsewhere" checks and
 * the de-duplicated shared functions of flattened intermediates.
 */
import { posix } from "node:path";
import type { Statement } from "ts-morph";
import type { VirtualTree } from "../plan.js";
import type { ClassParts } from "./analyze/build-parts.js";

/** The file that exports the old category map, if any (searched only when the registry is created). */
export function findCategoriesMap(
  tree: VirtualTree,
  name: string,
  skipDir: string,
): { name: string; file: string } | null {
  const re = new RegExp(`export\\s+const\\s+${name.replace(/[$]/g, "\\$")}\\b`);
  for (const path of tree.list()) {
    if (
      !/\.tsx?$/.test(path) ||
      path.startsWith(`${skipDir}/`) ||
      /(^|\/)(tests?|__tests__)\//.test(path) ||
      path.endsWith(".test.ts")
    )
      continue;
    const text = tree.read(path);
    if (text && text.includes(name) && re.test(text)) return { name, file: path };
  }
  return null;
}

export function importTarget(fromFile: string, spec: string): string {
  return posix.normalize(posix.join(posix.dirname(fromFile), spec)).replace(/\.js$/, ".ts");
}

export function declared(s: Statement): string[] {
  const anyS = s as Statement & { getName?: () => string | undefined; getDeclarations?: () => { getName(): string }[] };
  if (typeof anyS.getDeclarations === "function") return anyS.getDeclarations().map((d) => d.getName());
  const n = typeof anyS.getName === "function" ? anyS.getName() : undefined;
  return n ? [n] : [];
}

/** Whether a file other than `file` (outside node_modules) names `name`: a textual, conservative check. */
export function usedOutside(tree: VirtualTree, file: string): (name: string) => boolean {
  const others = tree
    .list()
    .filter((f) => f !== file && /\.(tsx?|mts|cts|jsx?|mjs|cjs)$/.test(f) && !f.includes("node_modules/"));
  return (name) => {
    const re = new RegExp(`\\b${name.replace(/[$]/g, "\\$")}\\b`);
    return others.some((f) => re.test(tree.read(f) ?? ""));
  };
}

/** Module functions shared by flattened subclasses, once each, in first-use order. */
export function sharedFunctions(parts: readonly ClassParts[]): string[] {
  const seen = new Map<string, string>();
  for (const p of parts) for (const f of p.sharedFunctions) if (!seen.has(f.name)) seen.set(f.name, f.text);
  return [...seen.values()];
}
