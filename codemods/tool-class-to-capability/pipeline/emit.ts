/**
 * Pipeline step 4, emit: writes the namespace's generated files from the converting classes and
 * their placements — the shared constants module, `<ns>.specs.ts`, `<ns>.ts`, the registry entry,
 * the run field types and the category snapshot. Existing files are appended to, never rewritten.
 */
import { posix } from "node:path";
import { categorySnapshotPath, DEFAULT_CODEMODS_CONFIG } from "../../../lib/config/codemods-section.js";
import type { ClassParts } from "../analyze/build-parts.js";
import type { FilePlacement } from "../analyze/dependencies.js";
import { importSpecifierFor, relativeSpecifier, type ImportNeed } from "../emit/imports.js";
import { writeModuleFile } from "../emit/module-file.js";
import { writeRegistryFile } from "../emit/registry-file.js";
import { writeRunTypes } from "./run-types.js";
import { writeSharedFile } from "../emit/shared-file.js";
import { writeSpecsFile } from "../emit/specs-file.js";
import { updateSnapshot } from "../emit/targets.js";
import { findCategoriesMap, sharedFunctions } from "../migrate-helpers.js";
import type { NamespaceRun } from "./namespace-run.js";

interface Collected {
  readonly specImports: ImportNeed[];
  readonly moduleImports: ImportNeed[];
  readonly specStatements: string[];
  readonly moduleStatements: string[];
  readonly sharedImports: ImportNeed[];
  readonly sharedStatements: FilePlacement["sharedStatements"];
}

/** Every placement's imports and moved statements, re-based onto the generated files. */
function collect(run: NamespaceRun, converted: readonly ClassParts[]): Collected {
  const { specs, module, shared } = run.paths;
  const c: Collected = {
    specImports: [],
    moduleImports: [],
    specStatements: [],
    moduleStatements: [],
    sharedImports: [],
    sharedStatements: [],
  };
  for (const work of run.files.values()) {
    const pl = work.placement;
    if (!pl) continue;
    const toNeed =
      (target: string) =>
      (r: FilePlacement["specImports"][number]): ImportNeed => ({
        specifier: importSpecifierFor(r.decl.getModuleSpecifierValue(), work.file, target),
        imported: r.imported,
        local: r.local,
        typeOnly: r.typeOnly,
      });
    const need = (from: string, to: string, name: string, typeOnly: boolean): ImportNeed => ({
      specifier: relativeSpecifier(from, to),
      imported: name,
      local: name,
      typeOnly,
    });
    c.specImports.push(...pl.specImports.map(toNeed(specs)));
    c.moduleImports.push(...pl.moduleImports.map(toNeed(module)));
    for (const name of pl.specFromSource) c.specImports.push(need(specs, work.file, name, true));
    for (const { name, typeOnly } of pl.moduleFromSource) c.moduleImports.push(need(module, work.file, name, typeOnly));
    for (const name of pl.moduleFromSpecs) c.moduleImports.push(need(module, specs, name, false));
    for (const name of pl.specFromShared) c.specImports.push(need(specs, shared, name, false));
    for (const name of pl.moduleFromShared) c.moduleImports.push(need(module, shared, name, false));
    c.sharedImports.push(...pl.sharedImports.map(toNeed(shared)));
    c.sharedStatements.push(...pl.sharedStatements);
    c.specStatements.push(...pl.specStatements);
    c.moduleStatements.push(...pl.moduleStatements);
  }
  for (const p of converted)
    c.moduleImports.push({
      specifier: relativeSpecifier(module, specs),
      imported: p.specVar,
      local: p.specVar,
      typeOnly: false,
    });
  return c;
}

export function emitGenerated(run: NamespaceRun, converted: readonly ClassParts[]): void {
  const { project, tree, ctx, ns, paths } = run;
  const c = collect(run, converted);
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
      entries: converted.map((p) => p.entryText),
      contextType: converted.find((p) => p.contextType)?.contextType ?? null,
    }),
  );
  tree.write(
    paths.registry,
    writeRegistryFile(project, paths.registry, tree.read(paths.registry), ns, {
      runtimeImport: ctx.runtimeImport,
      toolModule: run.toolModule ?? `${posix.dirname(paths.dir)}/tools/base-tool.ts`,
      baseName: run.baseName,
      categories: tree.exists(paths.registry)
        ? null
        : findCategoriesMap(tree, ctx.categoriesMap ?? "TOOL_PERMISSION_CATEGORIES", paths.dir),
    }),
  );
  writeRunTypes(run, converted);
  const snapshot = categorySnapshotPath({ ...DEFAULT_CODEMODS_CONFIG, capabilitiesDir: paths.dir });
  tree.write(
    snapshot,
    updateSnapshot(
      tree.read(snapshot),
      converted.map((p) => [p.analysis.wireName, p.category]),
    ),
  );
}
