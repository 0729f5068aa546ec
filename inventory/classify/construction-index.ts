/**
 * Where each subclass is constructed: every `new X(…)` site resolved to its class through the
 * module graph (falling back to a unique class name), plus calls of the factory functions that
 * make anonymous classes, plus `new Cls()` over a class table (each entry of the table is a
 * site at its own line; classify/class-tables.ts). Also computes which functions are (transitively) belt builders and
 * which scopes gate what they build.
 */
import type { ConstructionFact, FileFacts, FunctionFact } from "../extract/facts.js";
import type { ModuleGraph } from "../resolve/module-graph.js";
import { classId, type ResolvedSubclass } from "../resolve/resolve-subclasses.js";
import { createTableResolver, type TableVia } from "./class-tables.js";
import { addTo } from "../../lib/multimap.js";

export interface Site {
  readonly file: string;
  readonly line: number;
  readonly scopes: readonly string[];
  readonly inLoop: boolean;
  readonly stateReads: ConstructionFact["stateReads"];
  /** Reads back of state handed to the constructor (`builder.plan` after `new AddTaskTool(builder)`). */
  readonly sharedReads?: ConstructionFact["sharedReads"];
  readonly args: ConstructionFact["args"];
  readonly assignedTo: string | null;
  /** "new" for `new X(…)`, or the factory function called. */
  readonly via: string;
  readonly matchedByName: boolean;
  /** Set when the class was instantiated through a class table: file/line above are the table entry. */
  readonly table?: TableVia;
  /** The function the new instance was handed to (`registerTool(new X())`). */
  readonly passedTo?: string;
}

export interface ConstructionIndex {
  sitesOf(id: string): readonly Site[];
  /** Notes that are not evidence: entries commented out of a class table. */
  notesOf(id: string): readonly string[];
  /** Belt function name → the configured builder it is reached from. */
  readonly beltFunctions: ReadonlyMap<string, string>;
  /** Function names that call a gate function, with the line of that call. */
  readonly gatingFunctions: ReadonlyMap<string, { file: string; line: number; gate: string }>;
}

function addSite(sites: Map<string, Site[]>, id: string, site: Site): void {
  const list = sites.get(id) ?? [];
  list.push(site);
  sites.set(id, list);
}

/** A call of a factory (a function declaring a subclass) is a construction site of that subclass. */
function addFactoryCallSites(
  sites: Map<string, Site[]>,
  fnsByName: ReadonlyMap<string, readonly { file: string; fn: FunctionFact }[]>,
  factories: ReadonlyMap<string, string[]>,
): void {
  for (const list of fnsByName.values()) {
    for (const { file, fn } of list) {
      for (const call of fn.calls) {
        for (const id of factories.get(call.name) ?? []) {
          addSite(sites, id, {
            file,
            line: call.line,
            scopes: [fn.name],
            inLoop: false,
            stateReads: [],
            args: [],
            assignedTo: null,
            via: call.name,
            matchedByName: true,
          });
        }
      }
    }
  }
}

/** Subclass ids by class name, and by the last name of the function a class is declared in (a factory). */
function subclassIdsBy(subclasses: ReadonlyMap<string, ResolvedSubclass>): {
  byName: Map<string, string[]>;
  factories: Map<string, string[]>;
} {
  const byName = new Map<string, string[]>();
  for (const s of subclasses.values()) if (s.cls.name) addTo(byName, s.cls.name, s.id);
  const factories = new Map<string, string[]>();
  for (const s of subclasses.values()) {
    if (s.cls.enclosingFunction) {
      const fn = s.cls.enclosingFunction.split(".").pop() ?? s.cls.enclosingFunction;
      addTo(factories, fn, s.id);
    }
  }
  return { byName, factories };
}

/** A class commented out of a class table is noted, not counted as evidence. */
function commentedOutNotes(files: readonly FileFacts[], byName: ReadonlyMap<string, string[]>): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  for (const f of files) {
    for (const t of f.classTables ?? []) {
      for (const c of t.commented) {
        const ids = byName.get(c.name) ?? [];
        if (ids.length !== 1 || !ids[0]) continue;
        notes.set(ids[0], [
          ...(notes.get(ids[0]) ?? []),
          `commented out of ${t.name} (${f.file}:${c.line}): not evidence`,
        ]);
      }
    }
  }
  return notes;
}

/** The belt builders and every function they call, transitively, each mapped to the builder it serves. */
function beltFunctionsFrom(
  beltBuilders: readonly string[],
  fnsByName: ReadonlyMap<string, readonly { file: string; fn: FunctionFact }[]>,
): Map<string, string> {
  const beltFunctions = new Map<string, string>();
  const queue = beltBuilders.map((b) => [b, b] as const);
  while (queue.length) {
    const [name, root] = queue.shift() as readonly [string, string];
    if (beltFunctions.has(name)) continue;
    beltFunctions.set(name, root);
    for (const { fn } of fnsByName.get(name) ?? [])
      for (const call of fn.calls) if (!beltFunctions.has(call.name)) queue.push([call.name, root]);
  }
  return beltFunctions;
}

/** Functions that call a gate function, with where. */
function gatingFunctionsOf(
  files: readonly FileFacts[],
  gateFunctions: readonly string[],
): Map<string, { file: string; line: number; gate: string }> {
  const gates = new Set(gateFunctions);
  const gatingFunctions = new Map<string, { file: string; line: number; gate: string }>();
  for (const f of files) {
    for (const fn of f.functions) {
      const call = fn.calls.find((c) => gates.has(c.name));
      if (call) gatingFunctions.set(fn.name, { file: f.file, line: call.line, gate: call.name });
    }
  }
  return gatingFunctions;
}

export function buildConstructionIndex(
  graph: ModuleGraph,
  files: readonly FileFacts[],
  subclasses: ReadonlyMap<string, ResolvedSubclass>,
  beltBuilders: readonly string[],
  gateFunctions: readonly string[],
): ConstructionIndex {
  const sites = new Map<string, Site[]>();
  const add = (id: string, site: Site) => addSite(sites, id, site);
  const { byName, factories } = subclassIdsBy(subclasses);
  const fnsByName = new Map<string, { file: string; fn: FunctionFact }[]>();
  const tables = createTableResolver(graph);
  const notes = commentedOutNotes(files, byName);
  for (const f of files) {
    for (const fn of f.functions) addTo(fnsByName, fn.name, { file: f.file, fn });
    for (const c of f.constructions) {
      let id: string | null = null;
      let matchedByName = false;
      if (c.classKey) {
        const cls = f.classes.find((k) => k.key === c.classKey);
        if (cls) id = classId(f.file, cls);
      } else if (c.callee) {
        const b = graph.resolvePath(f.file, c.callee);
        if (b.kind === "class") id = classId(b.file, b.cls);
        else if (b.kind !== "namespace") {
          const cands = byName.get(c.callee[c.callee.length - 1] ?? "") ?? [];
          if (cands.length === 1) [id, matchedByName] = [cands[0] ?? null, true];
        }
      }
      const passed = c.passedTo ? { passedTo: c.passedTo } : {};
      if (id && subclasses.has(id)) {
        add(id, {
          file: f.file,
          line: c.line,
          scopes: c.scopes,
          inLoop: c.inLoop,
          stateReads: c.stateReads,
          ...(c.sharedReads ? { sharedReads: c.sharedReads } : {}),
          args: c.args,
          assignedTo: c.assignedTo,
          via: "new",
          matchedByName,
          ...passed,
        });
      } else if (!id && c.sources && c.callee?.length === 1) {
        for (const entry of tables.instantiated(f.file, c.sources, `${c.callee[0]}`, c.line)) {
          if (!subclasses.has(entry.id)) continue;
          add(entry.id, {
            file: entry.file,
            line: entry.line,
            scopes: c.scopes,
            inLoop: true,
            stateReads: [],
            args: c.args,
            assignedTo: null,
            via: "new",
            matchedByName: false,
            table: entry.via,
            ...passed,
          });
        }
      }
    }
  }
  addFactoryCallSites(sites, fnsByName, factories);
  const beltFunctions = beltFunctionsFrom(beltBuilders, fnsByName);
  const gatingFunctions = gatingFunctionsOf(files, gateFunctions);
  return { sitesOf: (id) => sites.get(id) ?? [], notesOf: (id) => notes.get(id) ?? [], beltFunctions, gatingFunctions };
}
