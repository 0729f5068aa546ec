/**
 * The two sides of the gate move: where the capabilities side exports `gateTools`
 * (`<capabilitiesDir>/gate-tools.ts`, else `registry.ts`), and whether a module specifier in a
 * file names the tools-side module that defines the old `gateTools`/`GatedTool` (a relative
 * path into the seam's tools side, or the file that declares them).
 */
import type { SeamDefinition } from "../../lib/config/seam-section.js";
import { DEFAULT_SEAM_CONFIG } from "../../lib/config/seam-section.js";
import type { VirtualTree } from "../plan.js";
import { moduleExports } from "../shared/exports.js";
import { resolveRelative } from "../shared/paths.js";
import { matchesAny } from "../../lib/glob-list.js";

/** The capabilities-side file exporting gateTools, or null when the class move has not written one. */
export function gateToolsTarget(tree: VirtualTree, capabilitiesDir: string): string | null {
  for (const file of [`${capabilitiesDir}/gate-tools.ts`, `${capabilitiesDir}/registry.ts`]) {
    const text = tree.read(file);
    if (text !== null && moduleExports(file, text).names.has("gateTools")) return file;
  }
  return null;
}

export function isToolsSide(file: string, seams: readonly SeamDefinition[] = DEFAULT_SEAM_CONFIG.seams): boolean {
  return seams.some((s) => matchesAny(file, s.from));
}

/** True when `file` exports `name`, itself or through `export *` barrels (a few levels deep). */
function exportsName(tree: VirtualTree, file: string, name: string, depth = 0): boolean {
  const text = tree.read(file);
  if (text === null || depth > 3) return false;
  const exp = moduleExports(file, text);
  if (exp.names.has(name)) return true;
  return exp.stars.some((s) => {
    const next = resolveRelative(tree, file, s);
    return next !== null && exportsName(tree, next, name, depth + 1);
  });
}

/** The tools-side file a relative specifier names, when that file (or a barrel behind it) exports `name`. */
export function toolsSideModule(
  tree: VirtualTree,
  fromFile: string,
  specifier: string,
  name: string,
  seams?: readonly SeamDefinition[],
): string | null {
  const target = resolveRelative(tree, fromFile, specifier);
  if (!target || !isToolsSide(target, seams)) return null;
  return exportsName(tree, target, name) ? target : null;
}

/** True when the project's root tsconfig turns on noUncheckedIndexedAccess (then `[0]` needs `!`). */
export function uncheckedIndexAccess(tree: VirtualTree): boolean {
  const text = tree.read("tsconfig.json");
  return text !== null && /"noUncheckedIndexedAccess"\s*:\s*true/.test(text);
}
