/**
 * Resolved inheritance: for every class in the facts, follows its extends clause through the
 * module graph to the configured base class (directly, or through intermediate subclasses).
 * A class whose extends names a local class that merely shares the base's name is not a
 * subclass; an import the graph cannot follow is matched by name and says so. A class whose
 * extends clause is a mixin call (`extends WithRetry(Tool)`) inherits from the call's argument:
 * it is direct when that argument is the base, indirect when it is a subclass, and it records
 * the mixins so the blockers can say a mechanical conversion would drop their behaviour. The
 * same holds for a class extending a variable that holds a mixin call (`const Retrying =
 * WithRetry(Tool)`), in its own file or imported.
 */
import type { ClassFact, FileFacts, MixinArgFact } from "../extract/facts.js";
import type { Binding, ModuleGraph } from "./module-graph.js";

export interface BaseSpec {
  readonly names: readonly string[];
  readonly module: string | null;
}

export interface ResolvedSubclass {
  readonly id: string;
  readonly file: string;
  readonly cls: ClassFact;
  readonly direct: boolean;
  /** This class's name up to the base name. */
  readonly chain: readonly string[];
  /** The base's declared name. */
  readonly base: string;
  /** How the extends clause was resolved (one evidence line). */
  readonly resolution: string;
  /** Id of the intermediate parent for indirect subclasses. */
  readonly parentId: string | null;
  /** Mixin callees the extends clause goes through (`extends WithRetry(Tool)` → ["WithRetry"]), outermost first; [] for a plain extends. */
  readonly mixins: readonly string[];
}

export interface SubclassResolution {
  readonly subclasses: ReadonlyMap<string, ResolvedSubclass>;
  /** Where the base was found ("packages/agents/src/tools/base-tool.ts:31"), or null. */
  readonly baseLocations: readonly string[];
}

export const classId = (file: string, cls: ClassFact): string => `${file}#${cls.key}`;
const display = (cls: ClassFact): string => cls.name ?? "<anonymous>";

type Parent = { kind: "base"; base: string; how: string } | { kind: "class"; id: string; how: string } | null;
interface Candidate {
  readonly parent: Parent;
  readonly mixins: readonly string[];
}
/** Mixin variables bound to mixin variables are followed this deep (real code: one or two). */
const MAX_BINDING_DEPTH = 4;

/** The configured bases: the classes named so in the base module, else top-level exported classes of that name extending nothing. */
function findBaseIds(
  graph: ModuleGraph,
  files: readonly FileFacts[],
  module: string | null | undefined,
  names: ReadonlySet<string>,
): Map<string, string> {
  const baseIds = new Map<string, string>();
  const moduleFacts = module ? graph.factsOf(module) : undefined;
  const declaresBase = (f: FileFacts, c: ClassFact) =>
    c.name !== null && names.has(c.name) && c.enclosingFunction === null && !c.isExpression;
  if (moduleFacts) {
    for (const c of moduleFacts.classes)
      if (declaresBase(moduleFacts, c)) baseIds.set(classId(moduleFacts.file, c), c.name as string);
  } else {
    for (const f of files) {
      for (const c of f.classes) {
        if (declaresBase(f, c) && c.heritage === null && f.localExports.some((e) => e.local === c.name))
          baseIds.set(classId(f.file, c), c.name as string);
      }
    }
  }
  return baseIds;
}

/** What the binding `b` of the identifier path `path` (written in `file`) leads to: the base, a class, or nowhere; `via` is how the clause reached it. */
function parentOf(
  { graph, names, baseIds }: { graph: ModuleGraph; names: ReadonlySet<string>; baseIds: ReadonlyMap<string, string> },
  b: Binding,
  file: string,
  path: readonly string[],
  text: string,
  via: string,
): Parent {
  const last = path[path.length - 1] ?? "";
  if (b.kind === "class") {
    const id = classId(b.file, b.cls);
    const baseName = baseIds.get(id);
    if (baseName)
      return {
        kind: "base",
        base: baseName,
        how: `extends ${text}${via}, resolved to ${baseName} declared at ${b.file}:${b.cls.line}`,
      };
    return {
      kind: "class",
      id,
      how: `extends ${text}${via}, resolved to ${display(b.cls)} at ${b.file}:${b.cls.line}`,
    };
  }
  if (b.kind === "unresolved" && names.has(b.name)) {
    return { kind: "base", base: b.name, how: `extends ${text}${via}: ${b.reason}; matched by name` };
  }
  if (b.kind === "none" && path.length === 1 && names.has(last)) {
    const f = graph.factsOf(file);
    const isImported = f?.imports.some((i) => i.local === last);
    if (!isImported)
      return {
        kind: "base",
        base: last,
        how: `extends ${text}${via}, ${via ? `${last} is` : "which is"} neither declared nor imported in ${file}; matched by name`,
      };
  }
  return null;
}

/** How a clause reached a class through mixins: their names, the argument path, the binding it went through. */
function mixinVia(arg: MixinArgFact, binding: { name: string; file: string; line: number } | null): string {
  return `, through the mixin${arg.through.length > 1 ? "s" : ""} ${arg.through.join(", ")} (argument ${arg.path.join(".")}${binding ? `, bound to ${binding.name} at ${binding.file}:${binding.line}` : ""})`;
}

/** `file:line` of a class entry, when there is one. */
function locationOf(entry: { file: string; cls: ClassFact } | undefined): string | undefined {
  return entry ? `${entry.file}:${entry.cls.line}` : undefined;
}

export function resolveSubclasses(graph: ModuleGraph, files: readonly FileFacts[], spec: BaseSpec): SubclassResolution {
  const names = new Set(spec.names);
  const byId = new Map<string, { file: string; cls: ClassFact }>();
  for (const f of files) for (const c of f.classes) byId.set(classId(f.file, c), { file: f.file, cls: c });

  const baseIds = findBaseIds(graph, files, spec.module, names);
  const baseLocations = [...baseIds.keys()].map((id) => locationOf(byId.get(id)) ?? id);

  /**
   * The candidate parents reached from the identifier path `path` in `file`: the class or base it
   * names, or, when it names a variable holding a mixin call (`const Retrying =
   * WithRetry(Tool)`), the candidates of that call's arguments, resolved where the variable is.
   */
  const candidatesThrough = (
    file: string,
    path: readonly string[],
    text: string,
    via: string,
    mixins: readonly string[],
    depth: number,
  ): Candidate[] => {
    const b = graph.resolvePath(file, path);
    if (b.kind !== "mixin") return [{ parent: parentOf({ graph, names, baseIds }, b, file, path, text, via), mixins }];
    if (depth >= MAX_BINDING_DEPTH) return [];
    const at = { name: b.binding.name, file: b.file, line: b.binding.line };
    return b.binding.mixinArgs.flatMap((arg) =>
      candidatesThrough(b.file, arg.path, text, `${via}${mixinVia(arg, at)}`, [...mixins, ...arg.through], depth + 1),
    );
  };

  /**
   * The candidate parents of a class: its plain extends clause (or the mixin call a variable it
   * names holds), or, for a mixin call, every identifier-path argument in source order (nested
   * calls flattened) with the mixins it goes through. The first candidate that leads to the
   * base, or to a class that does, wins.
   */
  const candidatesOf = (file: string, cls: ClassFact): Candidate[] => {
    const h = cls.heritage;
    if (!h) return [];
    if (h.path) return candidatesThrough(file, h.path, h.text, "", [], 0);
    return (h.mixinArgs ?? []).flatMap((arg) =>
      candidatesThrough(file, arg.path, h.text, mixinVia(arg, null), arg.through, 0),
    );
  };

  const memo = new Map<string, ResolvedSubclass | null>();
  const resolve = (id: string, stack: Set<string>): ResolvedSubclass | null => {
    if (memo.has(id)) return memo.get(id) ?? null;
    const entry = byId.get(id);
    // A configured base is listed too when it extends another configured base (an intermediate base named in config).
    if (!entry || stack.has(id)) return null;
    stack.add(id);
    let out: ResolvedSubclass | null = null;
    for (const { parent, mixins } of candidatesOf(entry.file, entry.cls)) {
      if (parent?.kind === "base") {
        out = {
          id,
          file: entry.file,
          cls: entry.cls,
          direct: true,
          chain: [display(entry.cls), parent.base],
          base: parent.base,
          resolution: parent.how,
          parentId: null,
          mixins,
        };
      } else if (parent?.kind === "class") {
        const up = resolve(parent.id, stack);
        if (up)
          out = {
            id,
            file: entry.file,
            cls: entry.cls,
            direct: false,
            chain: [display(entry.cls), ...up.chain],
            base: up.base,
            resolution: parent.how,
            parentId: parent.id,
            mixins,
          };
      }
      if (out) break;
    }
    stack.delete(id);
    memo.set(id, out);
    return out;
  };
  const subclasses = new Map<string, ResolvedSubclass>();
  for (const id of byId.keys()) {
    const r = resolve(id, new Set());
    if (r) subclasses.set(id, r);
  }
  return { subclasses, baseLocations };
}
