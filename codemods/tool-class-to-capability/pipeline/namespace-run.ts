/**
 * The state one namespace's migration threads through its pipeline steps (select → flatten →
 * place → emit → rewrite, each in its own file of this folder): the generated file paths, the
 * analysed source files and the classes converting from each, the flattening groups and the
 * unit results so far. Built by createNamespaceRun; read and updated by every step.
 */
import { createImportSpellings, type ImportSpellings } from "./import-spellings.js";
import type { Project, SourceFile } from "ts-morph";
import type { ClassRecord } from "../../../inventory/types.js";
import type { CodemodContext } from "../../codemod.js";
import type { UnitResult, VirtualTree } from "../../plan.js";
import type { ClassParts } from "../analyze/build-parts.js";
import type { FilePlacement } from "../analyze/dependencies.js";
import type { FlattenGroup } from "../analyze/flatten.js";
import type { RefusalError } from "../analyze/class-refusals.js";
import { createMorphProject, parseText } from "../emit/morph.js";
import { sharedModulePath } from "../emit/shared-file.js";
import { existingWireNames, takenNames } from "../emit/targets.js";
import { declared } from "../migrate-helpers.js";
import { declaredTypeIdentity } from "../analyze/type-identity.js";

export const CODEMOD_NAME = "tool-class-to-capability";

export interface FileWork {
  readonly file: string;
  readonly sf: SourceFile;
  parts: ClassParts[];
  placement?: FilePlacement;
}

export interface NamespacePaths {
  readonly dir: string;
  readonly specs: string;
  readonly module: string;
  readonly registry: string;
  readonly runTypes: string;
  /** Where shared constants may live per the seam config; null when nowhere both sides may import. */
  readonly sharedTarget: string | null;
  /** sharedTarget, or a path that is then never written. */
  readonly shared: string;
}

export interface NamespaceRun {
  readonly project: Project;
  readonly tree: VirtualTree;
  readonly ctx: CodemodContext;
  readonly ns: string;
  readonly paths: NamespacePaths;
  readonly out: UnitResult[];
  readonly files: Map<string, FileWork>;
  /** Wire names already declared in the capabilities folder → where. */
  readonly wireTaken: Map<string, string>;
  /** Abstract intermediates of this namespace's classes, by name (analyze/flatten.ts). */
  groups: Map<string, FlattenGroup>;
  /** Groups that must stay, with why (a subclass was refused). */
  readonly failedGroups: Map<FlattenGroup, string>;
  /** Flattened groups → code that still references the intermediate (empty: it is removed). */
  readonly removedIntermediates: Map<FlattenGroup, string[]>;
  /** Run field → the type text a converting class (or run-types.ts) gave it, and who. */
  readonly fieldTypes: Map<string, { readonly type: string; readonly key: string; readonly by: string }>;
  /** The module the base class is imported from (a tree file, else a package specifier), and its local name, for the registry. */
  toolModule: string | null;
  /** The specifier the registry imports the base by, as written (a package's, an alias that holds there); null: relative to toolModule. */
  toolImport: string | null;
  /** The base's module and name are settled (the first class that named it, or codemods.toolModule with its name). */
  toolSettled: boolean;
  baseName: string;
  /** How generated files import what source files imported (import-spellings.ts). */
  readonly spellings: ImportSpellings;
  /** A generated file's import of one declaration (target file and identity) → the specifier it was first written with. */
  readonly spelled: Map<string, string>;
  workFor(file: string): FileWork | undefined;
  allocate(preferred: string, fallback: string): string;
  /** Whether a source file of the namespace or a generated file already declares `name`. */
  isTaken(name: string): boolean;
}

export function createNamespaceRun(project: Project, tree: VirtualTree, ctx: CodemodContext, ns: string): NamespaceRun {
  const dir = ctx.capabilitiesDir;
  const sharedTarget = sharedModulePath(dir, ns, ctx.seam);
  const paths: NamespacePaths = {
    dir,
    specs: `${dir}/${ns}.specs.ts`,
    module: `${dir}/${ns}.ts`,
    registry: `${dir}/registry.ts`,
    runTypes: `${dir}/run-types.ts`,
    sharedTarget,
    shared: sharedTarget ?? `${dir}/${ns}.shared.ts`,
  };
  const taken = takenNames(project, tree, [paths.specs, paths.module]);
  // Source files are analysed in a project of their own: type-checker queries there must not be
  // invalidated (and the program rebuilt) by every generated or scratch file parsed for emitting.
  const analysis = createMorphProject();
  const files = new Map<string, FileWork>();
  return {
    project,
    tree,
    ctx,
    ns,
    paths,
    out: [],
    files,
    wireTaken: existingWireNames(tree, dir),
    groups: new Map(),
    failedGroups: new Map(),
    removedIntermediates: new Map(),
    fieldTypes: declaredFieldTypes(tree.read(paths.runTypes), paths.runTypes),
    toolModule: ctx.toolModule ?? null,
    toolImport: null,
    toolSettled: false,
    baseName: "Tool",
    spellings: createImportSpellings(project, tree, ctx.root, ctx.aliases),
    spelled: new Map(),
    workFor(file) {
      let work = files.get(file);
      if (work) return work;
      const text = tree.read(file);
      if (text === null) return undefined;
      work = { file, sf: parseText(analysis, file, text), parts: [] };
      for (const s of work.sf.getStatements()) for (const n of declared(s)) taken.add(n);
      files.set(file, work);
      return work;
    },
    allocate(preferred, fallback) {
      let name = taken.has(preferred) ? fallback : preferred;
      for (let i = 2; taken.has(name); i++) name = `${fallback}${i}`;
      taken.add(name);
      return name;
    },
    isTaken: (name) => taken.has(name),
  };
}

/** Field types run-types.ts already declares (`name?: Type;` members), with their identities. */
function declaredFieldTypes(text: string | null, path: string): Map<string, { type: string; key: string; by: string }> {
  const out = new Map<string, { type: string; key: string; by: string }>();
  const imports = new Map<string, string>();
  for (const m of (text ?? "").matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/gm))
    for (const part of (m[1] ?? "").split(",")) {
      const local = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (local && m[2]) imports.set(local, m[2]);
    }
  for (const m of (text ?? "").matchAll(/^\s*(?:readonly\s+)?(\w+)\??:\s*([^;\n]+);/gm))
    if (m[1] && m[2]) {
      const type = m[2].trim();
      out.set(m[1], { type, key: declaredTypeIdentity(type, imports, path), by: path });
    }
  return out;
}

export function unitResult(
  rec: ClassRecord,
  outcome: UnitResult["outcome"],
  extra: Partial<UnitResult> = {},
): UnitResult {
  return {
    codemod: CODEMOD_NAME,
    outcome,
    unit: rec.name ?? "(anonymous class)",
    file: rec.file,
    line: rec.line,
    namespace: rec.namespace ?? undefined,
    ...extra,
  };
}

export function refusedUnit(rec: ClassRecord, error: RefusalError): UnitResult {
  return unitResult(rec, "refused", {
    reason: error.message,
    code: error.code,
    fix: error.unblock,
    line: error.line || rec.line,
  });
}

/** The flattening group a subclass converts through, if any. */
export function groupOf(run: NamespaceRun, rec: ClassRecord): FlattenGroup | undefined {
  return rec.direct ? undefined : [...run.groups.values()].find((g) => g.subclasses.includes(rec));
}

/** Every part still converting, in file order. */
export function convertedParts(run: NamespaceRun): ClassParts[] {
  return [...run.files.values()].flatMap((w) => w.parts);
}
