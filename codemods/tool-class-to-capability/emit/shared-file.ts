/**
 * Writes the namespace's shared constants module: data-only declarations a spec needs that code
 * staying behind also uses (or that other files import from the tools file). The specs file, the
 * module file and the old tools file import them from here; the tools file re-exports the ones it
 * exported. Created on first use, otherwise appended to: a name it already declares is never
 * declared again or rewritten (`sharedDeclarations` lets placement refuse a conflicting one).
 *
 * Where it lives: `<parent of capabilitiesDir>/schemas/<ns>.shared.ts`, outside both sides of
 * the seam. Beside the specs file (capabilities/) the tools file's import of it would be a
 * reverse seam import (no-reverse-seam-import); on the tools side a specs file may import only
 * schema modules. The path is chosen against the seam config (`sharedModulePath`): it must match
 * `seam.specs.schemaFiles`, so spec-file purity accepts the specs file's import, and lie on
 * neither side, so either side may import it.
 */
import { posix } from "node:path";
import { DEFAULT_SEAM_CONFIG, type SeamConfig } from "../../../lib/config/seam-section.js";
import { matchesAny } from "../../../lib/glob-list.js";
import { Node, type Project } from "ts-morph";
import type { VirtualTree } from "../../plan.js";
import type { ImportNeed } from "../../shared/imports.js";
import { mergeImports } from "./imports.js";
import { parseText } from "./morph.js";
import { takenNames } from "./targets.js";

export interface SharedInput {
  readonly imports: readonly ImportNeed[];
  readonly statements: readonly { readonly names: readonly string[]; readonly text: string }[];
}

/**
 * The first of `<parent>/schemas/<ns>.shared.ts`, `<parent>/<ns>.shared.schema.ts` and
 * `<parent>/<ns>.shared.schemas.ts` (parent: the capabilities folder's) that the seam config lets
 * a specs file import (it matches `specs.schemaFiles`) and that lies on neither side of any seam;
 * null when none does (then a shared constant refuses its class, as before this module existed).
 */
export function sharedModulePath(
  capabilitiesDir: string,
  ns: string,
  seam: SeamConfig = DEFAULT_SEAM_CONFIG,
): string | null {
  const parent = posix.dirname(capabilitiesDir);
  const candidates = [
    `${parent}/schemas/${ns}.shared.ts`,
    `${parent}/${ns}.shared.schema.ts`,
    `${parent}/${ns}.shared.schemas.ts`,
  ];
  return (
    candidates.find(
      (p) =>
        matchesAny(p, seam.specs.schemaFiles) && !seam.seams.some((s) => matchesAny(p, s.from) || matchesAny(p, s.to)),
    ) ?? null
  );
}

function skeleton(ns: string): string {
  return `/**
 * Constants shared by the "${ns}" capability specs and code that stays in the tools files: data
 * only (literals, arrays and objects of them, zod schemas), so a specs file may import them.
 * Written by \`capkit migrate\`; edit freely (re-runs only add).
 */
`;
}

/** Comparable text of a declaration: no leading comments, no `export`, whitespace collapsed. */
export function declarationKey(text: string): string {
  return text
    .replace(/^(\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*/, "")
    .replace(/^export\s+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** name → declarationKey of its statement, for every top-level variable the file declares. */
export function sharedDeclarations(project: Project, path: string, text: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (text === null) return out;
  const sf = parseText(project, `.capkit-scratch/${path}`, text);
  for (const s of sf.getStatements()) {
    if (!Node.isVariableStatement(s)) continue;
    for (const d of s.getDeclarations()) out.set(d.getName(), declarationKey(s.getText()));
  }
  return out;
}

export function writeSharedFile(
  project: Project,
  path: string,
  existing: string | null,
  ns: string,
  input: SharedInput,
): string {
  const declared = sharedDeclarations(project, path, existing);
  let text = existing ?? skeleton(ns);
  const fresh = input.statements.filter((s) => {
    if (s.names.some((n) => declared.has(n))) return false;
    for (const n of s.names) declared.set(n, declarationKey(s.text));
    return true;
  });
  if (fresh.length) text = `${text.trimEnd()}\n\n${fresh.map((s) => s.text.trimEnd()).join("\n\n")}\n`;
  return mergeImports(parseText(project, path, text), input.imports);
}

export interface ShareablePredicate {
  (names: readonly string[], text: string): boolean;
  /** Note a declaration placement put into the shared module (so a later file's must match it). */
  record(names: readonly string[], text: string): void;
}

/**
 * The `shareable` test placement uses: a name may go to the shared module when the module does
 * not declare it yet (or declares exactly this), and the specs and module files, which will
 * import it, have no other binding of that name.
 */
export function shareablePredicate(
  project: Project,
  tree: VirtualTree,
  sharedPath: string,
  importers: readonly string[],
): ShareablePredicate {
  const known = sharedDeclarations(project, sharedPath, tree.read(sharedPath));
  const bound = takenNames(project, tree, importers);
  const test = (names: readonly string[], text: string): boolean =>
    names.every((n) => (known.has(n) ? known.get(n) === declarationKey(text) : !bound.has(n)));
  return Object.assign(test, {
    record(names: readonly string[], text: string): void {
      for (const n of names) known.set(n, declarationKey(text));
    },
  });
}
