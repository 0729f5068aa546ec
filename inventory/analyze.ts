/**
 * analyzeFacts: the cross-file half of the inventory. Takes per-file facts (from
 * extractFileFacts, possibly cached), resolves inheritance through the module graph, finds
 * construction sites, classifies every subclass with evidence and blockers, and counts.
 * Pure: no file system access, no output. Consumed by scanInventory and the history backfill.
 */
import type { CapkitConfig } from "../lib/config/index.js";
import type { ImportAliases } from "../lib/import-aliases.js";
import { rootRelativePackages, type WorkspacePackage } from "../lib/workspace-aliases.js";
import type { FileFacts, WireNameFact } from "./extract/facts.js";
import { ModuleGraph, type PackageRef } from "./resolve/module-graph.js";
import { classId, resolveSubclasses, type ResolvedSubclass } from "./resolve/resolve-subclasses.js";
import { buildConstructionIndex } from "./classify/construction-index.js";
import { decideKind, type Decision } from "./classify/classify-subclass.js";
import { inheritKindFromSubclasses } from "./classify/inherit-kind.js";
import { mergeShapes } from "./classify/shape-kind.js";
import { blockersFor } from "./classify/blockers.js";
import { buildCategoryTable, categoryFor } from "./classify/namespace-category.js";
import { processEffects } from "./classify/process-effects.js";
import { proposeNamespaces, type NamespaceProposal } from "./classify/namespaces.js";
import { moduleTableFits } from "./classify/nodetool-modules.js";
import { countClasses } from "./count/count.js";
import type { ClassRecord, InventoryResult, ScanProblem } from "./types.js";

export interface AnalyzeInput {
  readonly root: string;
  readonly files: readonly FileFacts[];
  readonly packages: readonly WorkspacePackage[];
  /** The seam config's and the tsconfigs' aliases (lib/import-aliases.ts); none when absent. */
  readonly aliases?: ImportAliases;
  readonly config: CapkitConfig;
  /** Every file in scope (also those the pre-filter skipped), so imports of them resolve. */
  readonly knownFiles?: readonly string[];
  /** Files in scope (defaults to files.length). */
  readonly scannedFiles?: number;
  /** Problems found before extraction (unreadable files). */
  readonly problems?: readonly ScanProblem[];
  readonly generatedAt?: string;
}

/** The workspace packages as the module graph takes them (root-relative, `/` separators). */
export function packageRefs(root: string, packages: readonly WorkspacePackage[]): PackageRef[] {
  return rootRelativePackages(root, packages);
}

/** Does the local name (a default or renamed import) denote the base or a listed subclass? (`constructor(inner: Base)`) */
function denotesTool(
  graph: ModuleGraph,
  file: string,
  local: string,
  subclasses: ReadonlyMap<string, ResolvedSubclass>,
  baseNames: readonly string[],
): boolean {
  const b = graph.resolveLocal(file, local);
  if (b.kind === "unresolved") return baseNames.includes(b.name);
  return (
    b.kind === "class" &&
    (subclasses.has(classId(b.file, b.cls)) ||
      (b.cls.heritage === null && b.cls.name !== null && baseNames.includes(b.cls.name)))
  );
}

function inheritedWire(s: ResolvedSubclass, all: ReadonlyMap<string, ResolvedSubclass>): WireNameFact | null {
  let cur: ResolvedSubclass | undefined = s;
  while (cur) {
    if (cur.cls.wireName) return cur.cls.wireName;
    cur = cur.parentId ? all.get(cur.parentId) : undefined;
  }
  return null;
}

/** The class's shape merged with its parents' up to the base (the base's own members are not the subclass's evidence). */
function inheritedShape(s: ResolvedSubclass, all: ReadonlyMap<string, ResolvedSubclass>) {
  const shapes = [];
  let cur: ResolvedSubclass | undefined = s;
  while (cur) {
    shapes.push(cur.cls.shape);
    cur = cur.parentId ? all.get(cur.parentId) : undefined;
  }
  return mergeShapes(shapes);
}

/** What the per-class steps share: the resolved subclasses and the indexes built over every file. */
interface Analysis {
  readonly config: CapkitConfig;
  readonly files: readonly FileFacts[];
  readonly factsMap: ReadonlyMap<string, FileFacts>;
  readonly graph: ModuleGraph;
  readonly subclasses: ReadonlyMap<string, ResolvedSubclass>;
  readonly index: ReturnType<typeof buildConstructionIndex>;
  readonly categories: ReturnType<typeof buildCategoryTable>;
  readonly functionTypeNames: ReadonlySet<string>;
  /** Constructor parameter → run field: what migrate knows (codemods.runFields) and classify.runFields. */
  readonly runFields: Readonly<Record<string, string>>;
}

/** The names a Tool is typed by: the base names, the subclasses', and imports that denote one. */
function toolTypeNamesOf(a: Analysis): Set<string> {
  const { config, graph, subclasses } = a;
  const names = new Set<string>([
    ...config.base.names,
    ...[...subclasses.values()].flatMap((s) => (s.cls.name ? [s.cls.name] : [])),
  ]);
  for (const f of a.files) {
    for (const i of f.imports) {
      if (config.base.names.includes(i.imported)) names.add(i.local);
      else if (
        i.imported !== i.local &&
        i.imported !== "*" &&
        denotesTool(graph, f.file, i.local, subclasses, config.base.names)
      )
        names.add(i.local);
    }
  }
  return names;
}

/** Every subclass's wire name (its own or inherited) and kind, kinds then inherited from subclasses. */
function decideKinds(a: Analysis): { decisions: Map<string, Decision>; wires: Map<string, WireNameFact | null> } {
  const { config, subclasses, index } = a;
  const rules = {
    functionTypeNames: a.functionTypeNames,
    preset: config.classify.preset,
    moduleTable: moduleTableFits([...subclasses.values()].map((s) => s.file)),
    overrides: config.classify.overrides,
    loopOwners: config.classify.loopOwners.map((r) => new RegExp(r)),
    toolTypeNames: toolTypeNamesOf(a),
  };
  const decisions = new Map<string, Decision>();
  const wires = new Map<string, WireNameFact | null>();
  for (const s of subclasses.values()) {
    const wire = inheritedWire(s, subclasses);
    wires.set(s.id, wire);
    decisions.set(
      s.id,
      decideKind(
        s.cls,
        wire,
        index.sitesOf(s.id),
        index,
        { ...rules, file: s.file },
        { shape: inheritedShape(s, subclasses), notes: index.notesOf(s.id) },
      ),
    );
  }
  inheritKindFromSubclasses(subclasses, decisions, (id) => index.sitesOf(id).length);
  return { decisions, wires };
}

/** The evidence line about a class's wire name. */
function wireEvidence(file: string, wire: WireNameFact | null): string {
  return wire?.kind === "literal"
    ? `wire name "${wire.value}" (${file}:${wire.line})`
    : wire?.constant
      ? `wire name from the constant ${wire.constant}, whose value is not in the scanned files (${file}:${wire.line})`
      : wire
        ? `dynamic wire name: ${wire.how} (${file}:${wire.line})`
        : "no wire name found";
}

/** One subclass's record: kind, wire name, namespace, category, evidence and blockers. */
function classRecord(
  a: Analysis,
  s: ResolvedSubclass,
  decision: Decision,
  wire: WireNameFact | null,
  ns: NamespaceProposal | { namespace: null; source: null; evidence: null },
): ClassRecord {
  const { factsMap } = a;
  const wireName = wire?.kind === "literal" ? wire.value : null;
  const constant = wire?.kind === "dynamic" ? wire.constant : undefined;
  const effects = processEffects(inheritedShape(s, a.subclasses), factsMap.get(s.file)?.functions ?? []);
  const cat = categoryFor(wireName, a.categories, effects, constant);
  const evidence = [...decision.evidence, wireEvidence(s.file, wire), s.resolution];
  if (ns.evidence) evidence.push(ns.evidence);
  if (cat.evidence) evidence.push(cat.evidence);
  return {
    name: s.cls.name,
    file: s.file,
    line: s.cls.line,
    base: s.base,
    direct: s.direct,
    chain: s.chain,
    kind: decision.kind,
    wireName,
    namespace: ns.namespace,
    namespaceSource: ns.source,
    category: cat.category,
    categorySource: cat.source,
    evidence,
    blockers: blockersFor({
      file: s.file,
      cls: s.cls,
      wire,
      kind: decision.kind,
      direct: s.direct,
      chain: s.chain,
      mixins: s.mixins,
      sites: a.index.sitesOf(s.id),
      runFields: a.runFields,
      fileHasParseErrors: (factsMap.get(s.file)?.parseErrors.length ?? 0) > 0,
      functionTypeNames: a.functionTypeNames,
    }),
  };
}

const byFileAndLine = (a: { file: string; line: number }, b: { file: string; line: number }) =>
  a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line;

export function analyzeFacts(input: AnalyzeInput): InventoryResult {
  const { config, files } = input;
  const factsMap = new Map(files.map((f) => [f.file, f]));
  const graph = new ModuleGraph(
    factsMap,
    input.knownFiles ?? [],
    packageRefs(input.root, input.packages),
    input.aliases,
  );
  const { subclasses } = resolveSubclasses(graph, files, config.base);
  const a: Analysis = {
    config,
    files,
    factsMap,
    graph,
    subclasses,
    index: buildConstructionIndex(
      graph,
      files,
      subclasses,
      config.classify.beltBuilders,
      config.classify.gateFunctions,
    ),
    categories: buildCategoryTable(
      files,
      config.categories.map,
      config.categories.fallback,
      config.categories.overrides,
    ),
    functionTypeNames: new Set(files.flatMap((f) => f.functionTypes ?? [])),
    runFields: { ...config.codemods.runFields, ...config.classify.runFields },
  };
  const { decisions, wires } = decideKinds(a);
  const namespaces = proposeNamespaces(
    [...subclasses.values()].map((s) => {
      const wire = wires.get(s.id);
      return {
        id: s.id,
        file: s.file,
        wireName: wire?.kind === "literal" ? wire.value : null,
        kind: (decisions.get(s.id) as Decision).kind,
      };
    }),
    config.namespaces,
    config.classify.preset,
  );
  const none = { namespace: null, source: null, evidence: null };
  const classes = [...subclasses.values()].map((s) =>
    classRecord(a, s, decisions.get(s.id) as Decision, wires.get(s.id) ?? null, namespaces.get(s.id) ?? none),
  );
  classes.sort(byFileAndLine);
  const problems: ScanProblem[] = [...(input.problems ?? [])];
  for (const f of files)
    for (const e of f.parseErrors) problems.push({ file: f.file, line: e.line, column: e.column, message: e.message });
  problems.sort(byFileAndLine);
  return {
    version: 1,
    root: input.root,
    generatedAt: input.generatedAt ?? new Date().toISOString(),
    scannedFiles: input.scannedFiles ?? files.length,
    counters: countClasses(classes),
    classes,
    problems,
    incomplete: problems.length > 0,
  };
}
