/**
 * Pipeline step 4, emit: writes the namespace's generated files from the converting classes and
 * their placements — the shared constants module, `<ns>.specs.ts`, `<ns>.ts`, the registry entry,
 * the run field types and the category snapshot. Existing files are appended to, never rewritten.
 */
import { posix } from "node:path";
import { categorySnapshotPath, DEFAULT_CODEMODS_CONFIG } from "../../../lib/config/codemods-section.js";
import type { ClassParts } from "../analyze/build-parts.js";
import type { FilePlacement } from "../analyze/dependencies.js";
import type { ImportNeed } from "../../shared/imports.js";
import { importSpecifierFor, specifierAsWritten } from "../../shared/paths.js";
import { moduleContextOperands, writeModuleFile } from "../emit/module-file.js";
import { writeRegistryFile } from "../emit/registry-file.js";
import { baseRunsProcess } from "../emit/tool-base.js";
import { writeRunTypes } from "./run-types.js";
import { writeSharedFile } from "../emit/shared-file.js";
import { writeSpecsFile } from "../emit/specs-file.js";
import { updateSnapshot } from "../emit/targets.js";
import { findCategoriesMap, sharedFunctions } from "../migrate-helpers.js";
import type { NamespaceRun } from "./namespace-run.js";
import { joinShares, type FileShare } from "./names.js";

interface Collected {
  readonly specImports: ImportNeed[];
  readonly moduleImports: ImportNeed[];
  readonly specStatements: string[];
  readonly moduleStatements: string[];
  readonly sharedImports: ImportNeed[];
  readonly sharedStatements: FilePlacement["sharedStatements"];
  /** The converting classes' parts, with names that collided across source files renamed (names.ts). */
  readonly parts: ClassParts[];
}

/**
 * The specifier `target` imports `imported` by: re-based (import-spellings.ts), and the one an
 * earlier source file's import of the same declaration was given, so a name reached two ways
 * (a package name and a tsconfig alias) is one import, not `Context` and `Context2`.
 */
function spelledFor(run: NamespaceRun, specifier: string, from: string, target: string, imported: string): string {
  const rebased = specifier.startsWith(".")
    ? importSpecifierFor(specifier, from, target)
    : run.spellings.rebase(specifier, from, target);
  const key = `${target}\0${run.spellings.identity(from, specifier, imported)}`;
  const first = run.spelled.get(key);
  if (first !== undefined) return first;
  run.spelled.set(key, rebased);
  return rebased;
}

/** Every placement's imports and moved statements, re-based onto the generated files. */
function collect(run: NamespaceRun, converted: readonly ClassParts[]): Collected {
  const { specs, module, shared } = run.paths;
  const sharedImports: ImportNeed[] = [];
  const sharedStatements: FilePlacement["sharedStatements"] = [];
  const shares: FileShare[] = [];
  for (const work of run.files.values()) {
    const pl = work.placement;
    // A Set: one file can hold most of the namespace's classes, and `includes` per part is quadratic.
    const inFile = new Set(work.parts);
    const parts = converted.filter((p) => inFile.has(p));
    if (!pl && !parts.length) continue;
    const share: FileShare = { specImports: [], moduleImports: [], specStatements: [], moduleStatements: [], parts };
    shares.push(share);
    if (!pl) continue;
    const toNeed =
      (target: string) =>
      (r: FilePlacement["specImports"][number]): ImportNeed => ({
        specifier: spelledFor(run, r.decl.getModuleSpecifierValue(), work.file, target, r.imported),
        imported: r.imported,
        local: r.local,
        typeOnly: r.typeOnly,
      });
    const need = (from: string, to: string, name: string, typeOnly: boolean): ImportNeed => ({
      specifier: specifierAsWritten(from, to),
      imported: name,
      local: name,
      typeOnly,
    });
    share.specImports.push(...pl.specImports.map(toNeed(specs)));
    share.moduleImports.push(...pl.moduleImports.map(toNeed(module)));
    for (const name of pl.specFromSource) share.specImports.push(need(specs, work.file, name, true));
    for (const { name, typeOnly } of pl.moduleFromSource)
      share.moduleImports.push(need(module, work.file, name, typeOnly));
    for (const name of pl.moduleFromSpecs) share.moduleImports.push(need(module, specs, name, false));
    for (const name of pl.specFromShared) share.specImports.push(need(specs, shared, name, false));
    for (const name of pl.moduleFromShared) share.moduleImports.push(need(module, shared, name, false));
    sharedImports.push(...pl.sharedImports.map(toNeed(shared)));
    sharedStatements.push(...pl.sharedStatements);
    share.specStatements.push(...pl.specStatements);
    share.moduleStatements.push(...pl.moduleStatements);
  }
  const specVarImports = converted.flatMap((p): ImportNeed[] => [
    { specifier: specifierAsWritten(module, specs), imported: p.specVar, local: p.specVar, typeOnly: false },
    // A hoisted schema the impl types its input by (`z.infer<typeof this.schema>`).
    ...p.schemaTypeImports.map((name) => ({
      specifier: specifierAsWritten(module, specs),
      imported: name,
      local: name,
      typeOnly: true,
    })),
  ]);
  const joined = joinShares(run, shares, specVarImports);
  return {
    specImports: joined.flatMap((s) => s.specImports),
    moduleImports: [...joined.flatMap((s) => s.moduleImports), ...specVarImports],
    specStatements: joined.flatMap((s) => s.specStatements),
    moduleStatements: joined.flatMap((s) => s.moduleStatements),
    sharedImports,
    sharedStatements,
    parts: joined.flatMap((s) => s.parts),
  };
}

/**
 * The module's entries and its `CapabilityModule<Ctx>` type. Classes that agree on a context type
 * (or declare none) share it; when they differ, the module takes all of them (`A & B`: the host's
 * context must serve every impl) and each impl keeps its own (`run: CapabilityRun<A>`). A module
 * file an earlier run wrote counts with its contexts (`existing`): a class bringing another one
 * widens the module's type, as one run over all the classes would have typed it.
 */
function moduleEntries(
  converted: readonly ClassParts[],
  existing: readonly string[] | null,
): { entries: string[]; contextType: string | null } {
  const contexts = [...new Set(converted.flatMap((p) => (p.contextType === null ? [] : [p.contextType])))];
  const operand = (t: string): string => (/^[\w$.]+(<.*>)?(\[\])*$/.test(t) ? t : `(${t})`);
  const kept = existing ?? [];
  const added = contexts.filter((c) => !kept.includes(c) && !kept.includes(operand(c)));
  if (kept.length + added.length <= 1)
    return { entries: converted.map((p) => p.entryText), contextType: kept[0] ?? contexts[0] ?? null };
  return { entries: converted.map((p) => p.typedEntryText), contextType: [...kept, ...added.map(operand)].join(" & ") };
}

export function emitGenerated(run: NamespaceRun, convertedAsAnalysed: readonly ClassParts[]): void {
  const { project, tree, ctx, ns, paths } = run;
  const c = collect(run, convertedAsAnalysed);
  const converted = c.parts;
  if (c.sharedStatements.length)
    tree.write(
      paths.shared,
      writeSharedFile(project, paths.shared, tree.read(paths.shared), ns, {
        imports: c.sharedImports,
        statements: c.sharedStatements,
      }),
    );
  tree.write(
    paths.specs,
    writeSpecsFile(project, paths.specs, tree.read(paths.specs), ns, ctx.runtimeImport, {
      imports: c.specImports,
      statements: c.specStatements,
      specs: converted.map((p) => ({ specVar: p.specVar, text: p.specText })),
      usesZodHelper: converted.some((p) => p.usesZodHelper),
    }),
  );
  tree.write(
    paths.module,
    writeModuleFile(project, paths.module, tree.read(paths.module), ns, ctx.runtimeImport, {
      imports: c.moduleImports,
      statements: [
        ...c.moduleStatements,
        ...sharedFunctions(converted),
        ...converted.flatMap((p) => p.moduleFunctions),
      ],
      ...moduleEntries(converted, moduleContextOperands(project, paths.module, tree.read(paths.module))),
    }),
  );
  const toolModule = run.toolModule ?? `${posix.dirname(paths.dir)}/tools/base-tool.ts`;
  tree.write(
    paths.registry,
    writeRegistryFile(project, paths.registry, tree.read(paths.registry), ns, {
      runtimeImport: ctx.runtimeImport,
      toolModule,
      toolImport: run.toolImport,
      baseName: run.baseName,
      bridge:
        !tree.exists(paths.registry) &&
        !baseRunsProcess(
          project,
          tree,
          toolModule,
          run.baseName,
          converted.map((p) => p.analysis.runMethod),
        ),
      categories: tree.exists(paths.registry)
        ? null
        : findCategoriesMap(tree, ctx.categoriesMap ?? "TOOL_PERMISSION_CATEGORIES", paths.dir),
    }),
  );
  writeRunTypes(run, convertedAsAnalysed);
  const snapshot = categorySnapshotPath({ ...DEFAULT_CODEMODS_CONFIG, capabilitiesDir: paths.dir });
  tree.write(
    snapshot,
    updateSnapshot(
      tree.read(snapshot),
      converted.map((p) => [p.analysis.wireName, p.category]),
    ),
  );
}
