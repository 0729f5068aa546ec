/**
 * One namespace, start to finish, against the VirtualTree: analyse each capability-kind class
 * of the namespace, refuse what cannot move safely, place dependencies, then write the specs
 * file, the module file, the registry entry, the category snapshot, the shrunken source files
 * and the barrels. Returns one UnitResult per class considered.
 */
import { posix } from "node:path";
import type { Project, SourceFile, Statement } from "ts-morph";
import type { ClassRecord } from "../../inventory/types.js";
import { categorySnapshotPath, DEFAULT_CODEMODS_CONFIG } from "../../lib/config/codemods.js";
import type { CodemodContext } from "../codemod.js";
import type { UnitResult, VirtualTree } from "../plan.js";
import { analyzeClass } from "./analyze/analyze-class.js";
import { buildParts, type ClassParts } from "./analyze/build-parts.js";
import { placeDependencies, type FilePlacement } from "./analyze/dependencies.js";
import { RefusalError } from "./analyze/refusals.js";
import { updateBarrels } from "./emit/barrels.js";
import { importSpecifierFor, mergeImports, relativeSpecifier, type ImportNeed } from "./emit/imports.js";
import { writeModuleFile } from "./emit/module-file.js";
import { createMorphProject, parseText } from "./emit/morph.js";
import { writeRegistryFile } from "./emit/registry-file.js";
import { HOST_TYPE_KEYS, runTypeMember, writeRunTypesFile, type RunTypeMember } from "./emit/run-types-file.js";
import { rewriteSource } from "./emit/rewrite-source.js";
import { shimText } from "./emit/shims.js";
import { writeSpecsFile } from "./emit/specs-file.js";
import { existingWireNames, takenNames, updateSnapshot } from "./emit/targets.js";

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
  let toolModule: string | null = ctx.runFields ? null : null;
  let baseName = "Tool";
  for (const rec of records) {
    if (rec.blockers.length > 0) {
      const b = rec.blockers[0];
      out.push(result(rec, "refused", { reason: `INVENTORY_BLOCKER at ${b?.file}:${b?.line}: ${rec.blockers.map((x) => `${x.code}: ${x.message}`).join("; ")}; to unblock: resolve the blocker the inventory names, then re-run` }));
      continue;
    }
    if (rec.name === null) {
      out.push(refused(rec, new RefusalError("CLASS_EXPRESSION", rec.file, rec.line, "anonymous class expression", "declare it as a named top-level class")));
      continue;
    }
    const text = tree.read(rec.file);
    if (text === null) {
      out.push(result(rec, "skipped", { reason: `${rec.file} does not exist (already migrated?)` }));
      continue;
    }
    let work = files.get(rec.file);
    if (!work) {
      work = { file: rec.file, sf: parseText(analysis, rec.file, text), parts: [] };
      for (const s of work.sf.getStatements()) for (const n of declared(s)) taken.add(n);
      files.set(rec.file, work);
    }
    const cls = work.sf.getClass(rec.name);
    if (!cls) {
      out.push(result(rec, "skipped", { reason: `class ${rec.name} is not in ${rec.file} any more (already migrated?)` }));
      continue;
    }
    try {
      const analysis = analyzeClass(cls, rec, rec.file, ctx.runFields);
      if (wireTaken.has(analysis.wireName)) {
        throw new RefusalError("DUPLICATE_WIRE_NAME", rec.file, rec.line, `"${analysis.wireName}" is already declared in ${wireTaken.get(analysis.wireName)}`, "rename one of them or delete the stale spec");
      }
      wireTaken.set(analysis.wireName, rec.file);
      const imp = work.sf.getImportDeclarations().find((d) => d.getNamedImports().some((s) => (s.getAliasNode()?.getText() ?? s.getName()) === analysis.baseName));
      if (imp && !toolModule) {
        toolModule = importTarget(rec.file, imp.getModuleSpecifierValue());
        baseName = analysis.baseName;
      }
      work.parts.push(buildParts(analysis, allocate));
    } catch (error) {
      if (!(error instanceof RefusalError)) throw error;
      out.push(refused(rec, error));
    }
  }
  // Placement can refuse a class (its spec needs a shared constant); re-place without it.
  for (const work of files.values()) {
    for (;;) {
      if (!work.parts.length) break;
      const placed = placeDependencies(work.sf, work.parts);
      if (!Array.isArray(placed)) {
        work.placement = placed;
        break;
      }
      for (const err of placed) {
        const victim = work.parts.find((p) => p.analysis.file === err.file && (p.analysis.cls.getStartLineNumber() <= err.line || true) && err.detail.includes(p.analysis.className) || err.detail.includes(p.analysis.wireName));
        const p = victim ?? work.parts[0];
        if (!p) break;
        out.push(refused(p.analysis.record, err));
        work.parts = work.parts.filter((x) => x !== p);
      }
    }
  }
  const converted = [...files.values()].flatMap((w) => w.parts);
  if (!converted.length) return out;

  // Generated files.
  const specImports: ImportNeed[] = [];
  const moduleImports: ImportNeed[] = [];
  const specStatements: string[] = [];
  const moduleStatements: string[] = [];
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
    specStatements.push(...pl.specStatements);
    moduleStatements.push(...pl.moduleStatements);
  }
  for (const p of converted) moduleImports.push({ specifier: relativeSpecifier(modulePath, specsPath), imported: p.specVar, local: p.specVar, typeOnly: false });
  tree.write(specsPath, writeSpecsFile(project, specsPath, tree.read(specsPath), ns, ctx.runtimeImport, {
    imports: specImports,
    statements: specStatements,
    specs: converted.map((p) => ({ specVar: p.specVar, text: p.specText })),
    usesZodHelper: converted.some((p) => p.usesZodHelper),
  }));
  tree.write(modulePath, writeModuleFile(project, modulePath, tree.read(modulePath), ns, ctx.runtimeImport, {
    imports: moduleImports,
    statements: [...moduleStatements, ...converted.flatMap((p) => p.moduleFunctions)],
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
    const replace = new Map<Statement, string>();
    if (ctx.keepShims) for (const p of work.parts) replace.set(p.analysis.cls, shimText(p.analysis, ns));
    const next = rewriteSource(project, work.sf, {
      remove: [...work.parts.map((p) => p.analysis.cls), ...work.placement.removeStatements],
      exportAdd: work.placement.exportInSource,
      replace,
    });
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
      removedNames.set(work.file, new Set(work.parts.map((p) => p.analysis.className)));
    }
    for (const p of work.parts) {
      out.push(result(p.analysis.record, "changed", { wireName: p.analysis.wireName, ...(p.warnings.length ? { warnings: p.warnings } : {}) }));
    }
  }
  if (!ctx.keepShims) updateBarrels(project, tree, removedNames, deleted, dir);
  return out;
}

/** The file that exports the old category map, if any (searched only when the registry is created). */
function findCategoriesMap(tree: VirtualTree, name: string, skipDir: string): { name: string; file: string } | null {
  const re = new RegExp(`export\\s+const\\s+${name.replace(/[$]/g, "\\$")}\\b`);
  for (const path of tree.list()) {
    if (!/\.tsx?$/.test(path) || path.startsWith(`${skipDir}/`) || /(^|\/)(tests?|__tests__)\//.test(path) || path.endsWith(".test.ts")) continue;
    const text = tree.read(path);
    if (text && text.includes(name) && re.test(text)) return { name, file: path };
  }
  return null;
}

function importTarget(fromFile: string, spec: string): string {
  return posix.normalize(posix.join(posix.dirname(fromFile), spec)).replace(/\.js$/, ".ts");
}

function declared(s: Statement): string[] {
  const anyS = s as Statement & { getName?: () => string | undefined; getDeclarations?: () => { getName(): string }[] };
  if (typeof anyS.getDeclarations === "function") return anyS.getDeclarations().map((d) => d.getName());
  const n = typeof anyS.getName === "function" ? anyS.getName() : undefined;
  return n ? [n] : [];
}
