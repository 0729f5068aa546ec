/**
 * Keeps barrels honest after classes move: `export { XTool } from "./x.js"` loses the removed
 * names, and `export * from "./x.js"` / a whole named re-export goes when its file was deleted.
 */
import { posix } from "node:path";
import type { Project } from "ts-morph";
import { applyEdits, type TextEdit } from "../../shared/splice.js";
import type { VirtualTree } from "../../plan.js";
import { parseText } from "./morph.js";
import { isEmptyModule, settleEmptiedBarrels, type EmptiedBarrel } from "./emptied-barrels.js";

function target(barrel: string, spec: string): string {
  return posix.normalize(posix.join(posix.dirname(barrel), spec)).replace(/\.js$/, ".ts");
}

/**
 * Rewrites barrels in `tree`; a barrel left with nothing in it is deleted, or kept when it is
 * imported (emptied-barrels.ts), and that deletion updates the barrels re-exporting it in turn.
 * Returns the paths changed and the emptied barrels.
 */
export function updateBarrels(
  project: Project,
  tree: VirtualTree,
  removed: ReadonlyMap<string, ReadonlySet<string>>,
  deleted: ReadonlySet<string>,
  skipDir: string,
): { changed: string[]; emptied: EmptiedBarrel[] } {
  const changed: string[] = [];
  const emptied: EmptiedBarrel[] = [];
  let pass = updatePass(project, tree, removed, deleted, skipDir);
  while (pass.length > 0) {
    changed.push(...pass.filter((p) => !changed.includes(p)));
    const empty = pass.filter((p) => {
      const text = tree.read(p);
      return text !== null && !emptied.some((e) => e.path === p) && isEmptyModule(project, p, text);
    });
    const settled = settleEmptiedBarrels(tree, empty, skipDir);
    emptied.push(...settled);
    const gone = new Set(settled.filter((e) => !e.kept).map((e) => e.path));
    pass = gone.size > 0 ? updatePass(project, tree, new Map(), gone, skipDir) : [];
  }
  return { changed: changed.filter((p) => tree.read(p) !== null), emptied };
}

function updatePass(
  project: Project,
  tree: VirtualTree,
  removed: ReadonlyMap<string, ReadonlySet<string>>,
  deleted: ReadonlySet<string>,
  skipDir: string,
): string[] {
  const changed: string[] = [];
  const stems = [...removed.keys(), ...deleted].map((f) => posix.basename(f).replace(/\.tsx?$/, ""));
  const names = [...removed.values()].flatMap((s) => [...s]);
  for (const path of tree.list()) {
    if (!/\.tsx?$/.test(path) || path.startsWith(`${skipDir}/`) || path.includes("/node_modules/")) continue;
    const text = tree.read(path);
    if (text === null || !text.includes("export") || !stems.some((s) => text.includes(s))) continue;
    const sf = parseText(project, `.capkit-barrels/${path}`, text);
    const edits: TextEdit[] = [];
    for (const decl of sf.getExportDeclarations()) {
      const spec = decl.getModuleSpecifierValue();
      if (!spec || !spec.startsWith(".")) continue;
      const file = target(path, spec);
      const gone = removed.get(file);
      if (deleted.has(file)) {
        edits.push({
          start: decl.getFullStart() === 0 ? decl.getStart() : decl.getFullStart(),
          end: decl.getEnd(),
          text: "",
        });
        continue;
      }
      if (!gone) continue;
      const specs = decl.getNamedExports();
      const dead = specs.filter((s) => gone.has(s.getName()));
      if (!dead.length) continue;
      if (dead.length === specs.length) {
        edits.push({
          start: decl.getFullStart() === 0 ? decl.getStart() : decl.getFullStart(),
          end: decl.getEnd(),
          text: "",
        });
        continue;
      }
      const keep = specs.filter((s) => !gone.has(s.getName())).map((s) => s.getText());
      const open = decl.getText().indexOf("{");
      const close = decl.getText().indexOf("}");
      edits.push({ start: decl.getStart() + open, end: decl.getStart() + close + 1, text: `{ ${keep.join(", ")} }` });
    }
    if (!edits.length) continue;
    tree.write(path, applyEdits(path, text, edits));
    changed.push(path);
  }
  void names;
  return changed;
}
