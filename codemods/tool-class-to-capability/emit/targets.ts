/**
 * Facts about the capabilities folder as it stands: wire names its spec files already declare
 * (so a second class cannot take one), names a generated file already uses (so new
 * declarations do not collide), and the category snapshot merge (sorted name → category).
 */
import type { Project } from "ts-morph";
import type { VirtualTree } from "../../plan.js";
import { parseText } from "./morph.js";

export function existingWireNames(tree: VirtualTree, dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of tree.list()) {
    if (!path.startsWith(`${dir}/`) || !path.endsWith(".specs.ts")) continue;
    for (const m of (tree.read(path) ?? "").matchAll(/^\s*name:\s*"([^"]+)",?\s*$/gm)) if (m[1]) out.set(m[1], path);
  }
  return out;
}

export function takenNames(project: Project, tree: VirtualTree, paths: readonly string[]): Set<string> {
  const names = new Set<string>([
    "run",
    "args",
    "rawArgs",
    "module",
    "registry",
    "toInputSchema",
    "requireRunField",
    "z",
  ]);
  for (const path of paths) {
    const text = tree.read(path);
    if (text === null) continue;
    const sf = parseText(project, `.capkit-scratch/${path}`, text);
    for (const s of sf.getLocals()) names.add(s.getName());
  }
  return names;
}

export function updateSnapshot(existing: string | null, entries: readonly (readonly [string, string])[]): string {
  const current = existing ? (JSON.parse(existing) as Record<string, string>) : {};
  for (const [name, category] of entries) current[name] = category;
  const sorted = Object.fromEntries(
    Object.keys(current)
      .sort()
      .map((k) => [k, current[k]]),
  );
  return `${JSON.stringify(sorted, null, 2)}\n`;
}
