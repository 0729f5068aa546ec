/**
 * One namespace, start to finish, against the VirtualTree: analyse each capability-kind class
 * of the namespace, refuse what cannot move safely, place dependencies, then write the specs
 * file, the module file, the registry entry, the category snapshot, the shrunken source files
 * and the barrels. Subclasses of an abstract intermediate base are converted with its members
 * merged in (analyze/flatten.ts) when all of them can be; the intermediate then goes too unless
 * other code still names it. Returns one UnitResult per class considered.
 */
import { posix } from "node:path";
import type { ClassDeclaration, Project, SourceFile, Statement } from "ts-morph";
import type { ClassRecord } from "../../inventory/types.js";
import { categorySnapshotPath, DEFAULT_CODEMODS_CONFIG } from "../../lib/config/codemods.js";
import type { CodemodContext } from "../codemod.js";
import type { UnitResult, VirtualTree } from "../plan.js";
import { analyzeClass } from "./analyze/analyze-class.js";
import { buildParts, type ClassParts } from "./analyze/build-parts.js";
import { placeDependencies, type FilePlacement } from "./analyze/dependencies.js";
import { onlyIndirectBlockers, outsideReferences, planFlattening, type FlattenGroup } from "./analyze/flatten.js";
import { RefusalError } from "./analyze/refusals.js";
import { updateBarrels } from "./emit/barrels.js";
import { importSpecifierFor, mergeImports, relativeSpecifier, type ImportNeed } from "./emit/imports.js";
import { writeModuleFile } from "./emit/module-file.js";
import { createMorphProject, parseText } from "./emit/morph.js";
import { writeRegistryFile } from "./emit/registry-file.js";
import { HOST_TYPE_KEYS, runTypeMember, writeRunTypesFile, type RunTypeMember } from "./emit/run-types-file.js";
import { rewriteSource } from "./emit/rewrite-source.js";
import { addIntermediateHasInstance, shimText } from "./emit/shims.js";
import { shareablePredicate, sharedModulePath, writeSharedFile } from "./emit/shared-file.js";
import { writeSpecsFile } from "./emit/specs-file.js";
import { existingWireNames, takenNames, updateSnapshot } from "./emit/targets.js";
import { declared, findCategoriesMap, importTarget, sharedFunctions, usedOutside } from "./migrate-helpers.js";

export const CODEMOD_NAME = "tool-class-to-capability";

interface FileWork {
  readonly file: string;
  readonly sf: SourceFile;
  parts: ClassParts[];
  placement?: FilePlacement;
}

function result(rec: ClassRecord, outcome: UnitResult["outcome"], extra: Partial<UnitResult> = {}): UnitResult {
  return { codemod: CODEMOD_NAME, outcome, unit: rec.name ?? "(anonymous class)", file: rec.file, line: rec.line, namespace: rec.namespace ?? undefined, ...extra };
}

function refused(rec: ClassRecord, error: RefusalError): UnitResult {
  return result(rec, "refused", { reason: error.message, line: error.line || rec.line });
}

export function migrateNamespace(project: Project, tree: VirtualTree, ctx: CodemodContext, ns: string): UnitResult[] {
  const dir = ctx.capabilitiesDir;
  const specsPath = `${dir}/${ns}.specs.ts`;
  const modulePath = `${dir}/${ns}.ts`;
  const registryPath = `${dir}/registry.ts`;
  const sharedTarget = sharedModulePath(dir, ns, ctx.seam);
  // Without a place both sides may import (seam config), nothing is shared: the path is then never written.
  const sharedPath = sharedTarget ?? `${dir}/${ns}.shared.ts`;
  const out: UnitResult[] = [];
  const records = ctx.inventory.classes.filter((c) => c.kind === "capability" && c.namespace === ns);
  const wireTaken = existingWireNames(tree, dir);
  const taken = takenNames(project, tree, [specsPath, modulePath]);
  const allocate = (preferred: string, fallback: string): string => {
    let name = taken.has(preferred) ? fallback : preferred;
    for (let i = 2; taken.has(name); i++) name = `${fallback}${i}`;
    taken.add(name);
    return name;
  };
  // Source files are analysed in a project of their own: type-checker queries there must not be
  // invalidated (and the program rebuilt) by every generated or scratch file parsed for emitting.
  const analysis = createMorphProject();
  const files = new Map<string, FileWork>();
  const workFor = (file: string): FileWork | undefined => {
    let work = files.get(file);
    if (work) return work;
    const text = tree.read(file);
    if (text === null) return undefined;
    work = { file, sf: parseText(analysis, file, text), parts: [] };
    for (const s of work.sf.getStatements()) for (const n of declared(s)) taken.add(n);
    files.set(file, work);
    return work;
  };
  let toolModule: string | null = null;
  let baseName = "Tool";
  // Abstract intermediates (HttpTool extends Tool; HttpGetTool extends HttpTool) are flattened.
  const groups = planFlattening(ctx.inventory.classes, ns, (f) => workFor(f)?.sf, allocate);
  const groupOf = (rec: ClassRecord): FlattenGroup | undefined => (rec.direct ? undefined : [...groups.values()].find((g) => g.subclasses.includes(rec)));
  const isIntermediate = (rec: ClassRecord): boolean => [...groups.values()].some((g) => g.record === rec);
  for (const rec of records) {
    if (isIntermediate(rec)) continue;
    const group = groupOf(rec);
    if (group && (rec.blockers.length === 0 || onlyIndirectBlockers(rec)) && group.problem) {
      const p = group.problem;
      out.push(refused(rec, new RefusalError("INDIRECT_BASE", rec.file, rec.line, `inherits through ${group.name}, which cannot be flattened (${p.code} at ${p.file}:${p.line}: ${p.detail})`, p.unblock)));
      continue;
    }
    if (rec.blockers.length > 0 && !(group && onlyIndirectBlockers(rec))) {
      const b = rec.blockers[0];
      out.push(result(rec, "refused", { reason: `INVENTORY_BLOCKER at ${b?.file}:${b?.line}: ${rec.blockers.map((x) => `${x.code}: ${x.message}`).join("; ")}; to unblock: resolve the blocker the inventory names, then re-run` }));
      continue;
    }
    if (rec.name === null) {
      out.push(refused(rec, new RefusalError("CLASS_EXPRESSION", rec.file, rec.line, "anonymous class expression", "declare it as a named top-level class")));
      continue;
    }
    const work = workFor(rec.file);
    if (!work) {
      out.push(result(rec, "skipped", { reason: `${rec.file} does not exist (already migrated?)` }));
      continue;
    }
    const cls = work.sf.getClass(rec.name);
    if (!cls) {
      out.push(result(rec, "skipped", { reason: `class ${rec.name} is not in ${rec.file} any more (already migrated?)` }));
      continue;
    }
    try {
      const analysis = analyzeClass(cls, rec, rec.file, ctx.runFields, group?.cls ?? null);
      if (wireTaken.has(analysis.wireName)) {
        throw new RefusalError("DUPLICATE_WIRE_NAME", rec.file, rec.line, `"${analysis.wireName}" is already declared in ${wireTaken.get(analysis.wireName)}`, "rename one of them or delete the stale spec");
      }
      wireTaken.set(analysis.wireName, rec.file);
      const imp = work.sf.getImportDeclarations().find((d) => d.getNamedImports().some((s) => (s.getAliasNode()?.getText() ?? s.getName()) === analysis.baseName));
      if (imp && !toolModule) {
        toolModule = importTarget(rec.file, imp.getModuleSpecifierValue());
        baseName = analysis.baseName;
      }
      work.parts.push(buildParts(analysis, allocate, group?.shared));
    } catch (error) {
      if (!(error instanceof RefusalError)) throw error;
      out.push(refused(rec, error));
    }
  }
  // A flattened intermediate needs every subclass converted; otherwise all of them stay.
  const dropGroup = (g: FlattenGroup, why: string): void => {
    for (const work of files.values()) {
      for (const p of work.parts.filter((x) => g.subclasses.includes(x.analysis.record))) {
        out.push(refused(p.analysis.record, new RefusalError("INDIRECT_BASE", p.analysis.file, p.analysis.record.line, `inherits through ${g.name}, which must stay: ${why}`, "fix that sibling's refusal, then re-run")));
        work.parts = work.parts.filter((x) => x !== p);
      }
    }
    failedGroups.set(g, why);
  };
  const failedGroups = new Map<FlattenGroup, string>();
  for (const g of groups.values()) {
    if (g.problem) continue;
    const bad = out.find((u) => u.outcome === "refused" && g.subclasses.some((s) => s.name === u.unit && s.file === u.file));
    if (bad) dropGroup(g, `subclass ${bad.unit} was refused (${/^[A-Z_]+/.exec(bad.reason ?? "")?.[0] ?? "see its refusal"})`);
  }
  const removedIntermediates = new Map<FlattenGroup, string[]>(); // group → outside references (empty: removed)
  const treeFiles = (): [string, string][] => tree.list().filter((f) => /\.tsx?$/.test(f)).map((f) => [f, tree.readOrThrow(f)]);
  for (const g of groups.values()) if (!g.problem && !failedGroups.has(g)) removedIntermediates.set(g, ctx.keepShims ? ["--keep-shims"] : outsideReferences(g, treeFiles()));
  const alsoRemoved = (work: FileWork) => [...removedIntermediates].filter(([g, refs]) => !refs.length && !failedGroups.has(g) && g.record?.file === work.file && g.cls).map(([g]) => g.cls as ClassDeclaration);
  // Placement can refuse a class (its spec needs a shared constant); re-place without it.
  const shareable = sharedTarget ? shareablePredicate(project, tree, sharedTarget, [specsPath, modulePath]) : undefined;
  for (const work of files.values()) {
    for (;;) {
      if (!work.parts.length) break;
      const placed = placeDependencies(work.sf, work.parts, alsoRemoved(work), usedOutside(tree, work.file), shareable);
      if (!Array.isArray(placed)) {
        work.placement = placed;
        for (const st of placed.sharedStatements) shareable?.record(st.names, st.text);
        break;
      }
      for (const err of placed) {
        const victim = work.parts.find((p) => p.analysis.file === err.file && (p.analysis.cls.getStartLineNumber() <= err.line || true) && err.detail.includes(p.analysis.className) || err.detail.includes(p.analysis.wireName));
        const p = victim ?? work.parts[0];
        if (!p) break;
        out.push(refused(p.analysis.record, err));
        work.parts = work.parts.filter((x) => x !== p);
        const g = [...groups.values()].find((x) => x.subclasses.includes(p.analysis.record));
        if (g && !failedGroups.has(g)) dropGroup(g, `subclass ${p.analysis.className} was refused (${err.code})`);
      }
    }
  }
  for (const g of groups.values()) {
    if (!g.record || g.record.namespace !== ns) continue; // reported with its own namespace
    const subs = g.subclasses.map((s) => s.name).join(", ");
    const failed = g.problem ?? (failedGroups.has(g) ? new RefusalError("FLATTEN_BLOCKED", g.record.file, g.record.line, `abstract base of ${subs}, flattened only when every subclass converts: ${failedGroups.get(g)}`, "fix that subclass's refusal, then re-run") : null);
    if (failed) out.push(refused(g.record, failed));
  }
  const converted = [...files.values()].flatMap((w) => w.parts);
  if (!converted.length) return out;

  // Generated files.
  const specImports: ImportNeed[] = [];
  const moduleImports: ImportNeed[] = [];
  const specStatements: string[] = [];
  const moduleStatements: string[] = [];
  const sharedImports: ImportNeed[] = [];
  const sharedStatements: FilePlacement["sharedStatements"] = [];
  for (const work of files.values()) {
    const pl = work.placement;
    if (!pl) continue;
    const toNeed = (target: string) => (r: FilePlacement["specImports"][number]): ImportNeed => ({
      specifier: importSpecifierFor(r.decl.getModuleSpecifierValue(), work.file, target),
      imported: r.imported,
      local: r.local,
      typeOnly: r.typeOnly,
    });
    specImports.push(...pl.specImports.map(toNeed(specsPath)));
    moduleImports.push(...pl.moduleImports.map(toNeed(modulePath)));
    for (const name of pl.specFromSource) specImports.push({ specifier: relativeSpecifier(specsPath, work.file), imported: name, local: name, typeOnly: true });
    for (const { name, typeOnly } of pl.moduleFromSource) moduleImports.push({ specifier: relativeSpecifier(modulePath, work.file), imported: name, local: name, typeOnly });
    for (const name of pl.moduleFromSpecs) moduleImports.push({ specifier: relativeSpecifier(modulePath, specsPath), imported: name, local: name, typeOnly: false });
    for (const name of pl.specFromShared) specImports.push({ specifier: relativeSpecifier(specsPath, sharedPath), imported: name, local: name, typeOnly: false });
    for (const name of pl.moduleFromShared) moduleImports.push({ specifier: relativeSpecifier(modulePath, sharedPath), imported: name, local: name, typeOnly: false });
    sharedImports.push(...pl.sharedImports.map(toNeed(sharedPath)));
    sharedStatements.push(...pl.sharedStatements);
    specStatements.push(...pl.specStatements);
    moduleStatements.push(...pl.moduleStatements);
  }
  for (const p of converted) moduleImports.push({ specifier: relativeSpecifier(modulePath, specsPath), imported: p.specVar, local: p.specVar, typeOnly: false });
  if (sharedStatements.length) tree.write(sharedPath, writeSharedFile(project, sharedPath, tree.read(sharedPath), ns, { imports: sharedImports, statements: sharedStatements }));
  tree.write(specsPath, writeSpecsFile(project, specsPath, tree.read(specsPath), ns, ctx.runtimeImport, {
    imports: specImports,
    statements: specStatements,
    specs: converted.map((p) => ({ specVar: p.specVar, text: p.specText })),
    usesZodHelper: converted.some((p) => p.usesZodHelper),
  }));
  tree.write(modulePath, writeModuleFile(project, modulePath, tree.read(modulePath), ns, ctx.runtimeImport, {
    imports: moduleImports,
    statements: [...moduleStatements, ...sharedFunctions(converted), ...converted.flatMap((p) => p.moduleFunctions)],
    entries: converted.map((p) => p.entryText),
    contextType: converted.find((p) => p.contextType)?.contextType ?? null,
  }));
  tree.write(registryPath, writeRegistryFile(project, registryPath, tree.read(registryPath), ns, {
    runtimeImport: ctx.runtimeImport,
    toolModule: toolModule ?? `${posix.dirname(dir)}/tools/base-tool.ts`,
    baseName,
    categories: tree.exists(registryPath) ? null : findCategoriesMap(tree, ctx.categoriesMap ?? "TOOL_PERMISSION_CATEGORIES", dir),
  }));
  const runTypesPath = `${dir}/run-types.ts`;
  const members: RunTypeMember[] = [];
  for (const work of files.values()) {
    for (const p of work.parts) {
      // run.context is typed through CapabilityModule<Ctx> instead (the runtime's own code assumes an unaugmented context).
      const wanted = [...p.analysis.depTypes].map(([k, v]) => [k, v.type] as const);
      for (const [key, node] of wanted) {
        if (!node || !HOST_TYPE_KEYS.has(key) || members.some((m) => m.key === key)) continue;
        const m = runTypeMember(key, node, work.sf, work.file, runTypesPath);
        if (m) members.push(m);
      }
    }
  }
  if (members.length) tree.write(runTypesPath, writeRunTypesFile(project, runTypesPath, tree.read(runTypesPath), ctx.runtimeImport, members));
  const snapshot = categorySnapshotPath({ ...DEFAULT_CODEMODS_CONFIG, capabilitiesDir: dir });
  tree.write(snapshot, updateSnapshot(tree.read(snapshot), converted.map((p) => [p.analysis.wireName, p.category])));

  // Source files and barrels.
  const removedNames = new Map<string, Set<string>>();
  const deleted = new Set<string>();
  for (const work of files.values()) {
    if (!work.parts.length || !work.placement) continue;
    const sharedSpecifier = relativeSpecifier(work.file, sharedPath);
    // Exported shared constants stay importable from here: a re-export where they were declared.
    const replace = new Map<Statement, string>([...work.placement.reexportShared].map(([s, names]) => [s, `export { ${names.join(", ")} } from ${JSON.stringify(sharedSpecifier)};`]));
    if (ctx.keepShims) for (const p of work.parts) replace.set(p.analysis.cls, shimText(p.analysis, ns));
    const intermediates = alsoRemoved(work);
    const rewritten = rewriteSource(project, work.sf, {
      remove: [...work.parts.map((p) => p.analysis.cls), ...intermediates, ...work.placement.removeStatements],
      exportAdd: work.placement.exportInSource,
      replace,
    });
    const fromShared = work.placement.sourceFromShared.map((name): ImportNeed => ({ specifier: sharedSpecifier, imported: name, local: name, typeOnly: false }));
    const next = rewritten !== null && fromShared.length ? mergeImports(parseText(project, `.capkit-scratch/${work.file}`, rewritten), fromShared) : rewritten;
    if (next === null) {
      tree.delete(work.file);
      deleted.add(work.file);
    } else if (ctx.keepShims) {
      const sf = parseText(project, `.capkit-scratch/${work.file}`, next);
      tree.write(work.file, mergeImports(sf, [
        { specifier: relativeSpecifier(work.file, registryPath), imported: "registry", local: "capabilityRegistry", typeOnly: false },
        { specifier: relativeSpecifier(work.file, registryPath), imported: "toolForCapabilityName", local: "toolForCapabilityName", typeOnly: false },
        { specifier: ctx.runtimeImport, imported: "createCapabilityRun", local: "createCapabilityRun", typeOnly: false },
      ]));
    } else {
      tree.write(work.file, next);
      removedNames.set(work.file, new Set([...work.parts.map((p) => p.analysis.className), ...intermediates.map((c) => c.getName() ?? "")]));
    }
    for (const p of work.parts) {
      out.push(result(p.analysis.record, "changed", { wireName: p.analysis.wireName, ...(p.warnings.length ? { warnings: p.warnings } : {}) }));
    }
  }
  for (const [g, refs] of removedIntermediates) {
    if (!g.record || g.record.namespace !== ns || failedGroups.has(g)) continue;
    const wires = converted.filter((p) => g.subclasses.includes(p.analysis.record)).map((p) => p.analysis.wireName).join(", ");
    if (ctx.keepShims) {
      addIntermediateHasInstance(project, tree, g.record.file, g.name, converted.filter((p) => g.subclasses.includes(p.analysis.record)).map((p) => p.analysis.wireName));
      out.push(result(g.record, "skipped", { reason: `abstract base flattened into ${wires}; kept under --keep-shims (the shims no longer extend it; instanceof it still holds for their tools) — delete it once nothing uses it` }));
    }
    else if (refs.length) out.push(result(g.record, "skipped", { reason: `abstract base flattened into ${wires}; kept because ${refs.join(", ")} still ${refs.length > 1 ? "reference" : "references"} it — delete it once nothing does` }));
    else out.push(result(g.record, "changed", { warnings: [`${g.name} (abstract base) was flattened into ${wires} and removed`] }));
  }
  if (!ctx.keepShims) updateBarrels(project, tree, removedNames, deleted, dir);
  return out;
}
