/**
 * FileFacts: everything the inventory needs to know about one file, extracted from its text
 * alone. JSON-serialisable and config-independent, so the history backfill can cache it per
 * git blob; `analyzeFacts` does all the cross-file work on top of it.
 */

export const FACTS_VERSION = 7;

/** `import { a as b } from "x"` → { imported: "a", local: "b" }; default → "default"; `* as ns` → "*". */
export interface ImportFact {
  readonly specifier: string;
  readonly imported: string;
  readonly local: string;
  readonly typeOnly: boolean;
  readonly line: number;
}

/** A local binding made visible under an export name (`export class X`, `export { a as b }`, `export default X`). */
export interface LocalExportFact {
  readonly exported: string;
  readonly local: string;
  readonly line: number;
}

/** `export { a as b } from "x"` (imported a, exported b), `export * from "x"` (both "*"), `export * as ns from "x"` (imported "*"). */
export interface ReexportFact {
  readonly specifier: string;
  readonly imported: string;
  readonly exported: string;
  readonly typeOnly: boolean;
  readonly line: number;
}

export type WireNameFact =
  | { readonly kind: "literal"; readonly value: string; readonly line: number }
  /**
   * Built at run time; `prefix` is the static head of a template (`control_${x}` → "control_").
   * `constant` (FACTS_VERSION 7) names a constant the name is read from (`WEB_SEARCH_TOOL_NAME`,
   * `Names.web`) whose value is not in the file: the identity is static, only its text is unknown.
   */
  | {
      readonly kind: "dynamic";
      readonly prefix: string | null;
      readonly line: number;
      readonly how: string;
      readonly constant?: string;
    };

export interface CtorParamFact {
  readonly name: string;
  /** The annotation as written, "" when absent. */
  readonly typeText: string;
  /** Identifiers mentioned in the annotation (e.g. ["Tool"] for `inner: Tool<P>`). */
  readonly typeNames: readonly string[];
  readonly isFunctionType: boolean;
  readonly line: number;
}

/** A code fact about a class body that can stand in the way of a mechanical conversion. */
export interface ClassNoteFact {
  readonly code: string;
  readonly detail: string;
  readonly line: number;
  /** While a class body is read: the field a field-initializer note is about (dropped on close). */
  readonly field?: string;
}

/** An identifier-path argument of a mixin call in an extends clause, with the mixin callees it goes through, outermost first. */
export interface MixinArgFact {
  /** `extends WithRetry(mixins.Logging(Tool))` → ["WithRetry", "mixins.Logging"] for the argument Tool. */
  readonly through: readonly string[];
  readonly path: readonly string[];
}

/** The extends clause of a class. */
export interface HeritageFact {
  /** Identifier path (`core.Tool` → ["core","Tool"]), or null when the clause is not a plain path. */
  readonly path: readonly string[] | null;
  readonly text: string;
  readonly line: number;
  /** Present only when the clause is a call (`extends WithRetry(Tool)`): its identifier-path arguments, nested calls flattened. */
  readonly mixinArgs?: readonly MixinArgFact[];
}

/** A top-level `const Retrying = WithRetry(Tool)`: a mixin applied once and extended by name. */
export interface MixinBindingFact {
  readonly name: string;
  /** The initializer, on one line (shortened). */
  readonly text: string;
  readonly line: number;
  readonly mixinArgs: readonly MixinArgFact[];
}

export interface ClassFact {
  /** Unique within the file: `${name ?? "<anonymous>"}@${line}`. */
  readonly key: string;
  readonly name: string | null;
  readonly line: number;
  readonly isExpression: boolean;
  readonly isAbstract: boolean;
  readonly heritage: HeritageFact | null;
  /** Innermost named function/method the class is written in (factory-made classes), else null. */
  readonly enclosingFunction: string | null;
  /** The class (or `new` of it) is returned from its enclosing function. */
  readonly returnedFromFunction: boolean;
  readonly wireName: WireNameFact | null;
  readonly ctorParams: readonly CtorParamFact[];
  /** `this.<field>.<method>(…)` calls where method is process/execute/… (wrapping another tool). */
  readonly delegations: readonly { readonly field: string; readonly method: string; readonly line: number }[];
  /** Blocker-grade facts: decorators, super calls, constructor logic, `this` escaping, mutable state. */
  readonly notes: readonly ClassNoteFact[];
  /** What makes a class capability-shaped on its own (FACTS_VERSION 6; absent in hand-made facts). */
  readonly shape?: ClassShapeFact;
}

/** The members a spec + function is made of, and what the process method does. */
export interface ClassShapeFact {
  /** The schema member (`inputSchema`, `jsonSchema`, `schema`, `parameters`, …), or null. */
  readonly schema: string | null;
  /** The method that does the work (`process`, `execute`, `_call`, `invoke`, `run`), or null. */
  readonly process: string | null;
  /**
   * Fields a method writes outside the constructor that others can read back (public, or private
   * behind a getter: `_graph` with `get graph()`); lazy caches (`this.x ??= …`, `if (!this.x) this.x = …`) left out.
   */
  readonly stateWrites: readonly string[];
  /** Private fields a method writes outside the constructor (kept state no one reads back). */
  readonly privateWrites?: readonly string[];
  /** What the process method reaches, by the callees it names: "provider", "network", "write", "execute", "read". */
  readonly effects: readonly string[];
  /** Plain functions the process method calls by name (`judgeCall(…)`), for their effects; FACTS_VERSION 7. */
  readonly calls?: readonly string[];
  /**
   * The process method's whole body is `return <one of its parameters>` (FACTS_VERSION 7): the call
   * itself is the result, as in a loop's structured-output channel (`finish_step`).
   */
  readonly echoesArguments?: true;
}

/** One class reference in a table: `[ReadFileTool, …]`, `{ read_file: ReadFileTool }`, `new Map([["x", X]])`. */
export interface ClassTableEntryFact {
  readonly path: readonly string[];
  readonly line: number;
}

/** An array, object or Map literal of class references bound to a variable (a class table a belt maps through `new Cls()`). */
export interface ClassTableFact {
  readonly name: string;
  readonly line: number;
  readonly entries: readonly ClassTableEntryFact[];
  /** `...OTHER_TABLE` elements: tables of tables. */
  readonly spreads: readonly (readonly string[])[];
  /** Entries commented out inside the literal (`// GoogleSearchTool,`): not evidence, worth a note. */
  readonly commented: readonly { readonly name: string; readonly line: number }[];
}

export interface ConstructionFact {
  /** Callee path: `new core.XTool()` → ["core","XTool"]; `new (class …)()` → null with classKey set. */
  readonly callee: readonly string[] | null;
  readonly classKey: string | null;
  readonly line: number;
  /** Named scopes from outermost to innermost, e.g. ["GraphPlanner", "GraphPlanner.plan"]. */
  readonly scopes: readonly string[];
  /** Inside a loop statement or an iteration callback (map/forEach/flatMap/…) within the innermost named scope. */
  readonly inLoop: boolean;
  /** The variable (or `this.x`) the instance is stored in, when it is. */
  readonly assignedTo: string | null;
  /** Non-call property reads of that variable in the same scope (state read back). */
  readonly stateReads: readonly { readonly prop: string; readonly line: number }[];
  /** Arguments: kind per position. */
  readonly args: readonly ("function" | "template" | "string" | "other")[];
  /**
   * Non-call property reads, in the same scope, of a variable handed to the constructor
   * (`new AddTaskTool(builder)` … `builder.plan`): state the instance shares with the code that
   * built it and reads back. FACTS_VERSION 7; absent when none.
   */
  readonly sharedReads?: readonly { readonly arg: string; readonly prop: string; readonly line: number }[];
  /**
   * For `new C()` with a plain identifier callee: what C may be drawn from — the subjects of the
   * enclosing iterations (`T.map((C) => new C())`, `for (const C of T)`) and of an element read
   * it was bound to (`const C = T[k]`, `T.get(k)`). FACTS_VERSION 6; absent when none.
   */
  readonly sources?: readonly (readonly string[])[];
  /** The function the instance is handed to directly (`registerTool(new X())` → "registerTool"); FACTS_VERSION 6, absent when none. */
  readonly passedTo?: string;
}

/** A named function/method and the plain-identifier functions it calls (for belt-builder closure); only functions that call something are recorded. */
export interface FunctionFact {
  readonly name: string;
  readonly line: number;
  readonly calls: readonly { readonly name: string; readonly line: number }[];
  /** ["provider"] when it asks a model provider (liveness.ts PROVIDER_CALLS); FACTS_VERSION 7, absent when not. */
  readonly effects?: readonly string[];
}

/** An object literal of `key: "read" | "write" | "execute" | "external"` bound to a const. */
export interface CategoryMapFact {
  readonly name: string;
  readonly line: number;
  readonly entries: Readonly<Record<string, string>>;
}

export interface ParseErrorFact {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface FileFacts {
  readonly version: typeof FACTS_VERSION;
  /** Root-relative, `/` separators. */
  readonly file: string;
  readonly parseErrors: readonly ParseErrorFact[];
  readonly imports: readonly ImportFact[];
  readonly localExports: readonly LocalExportFact[];
  readonly reexports: readonly ReexportFact[];
  readonly classes: readonly ClassFact[];
  readonly functions: readonly FunctionFact[];
  readonly constructions: readonly ConstructionFact[];
  readonly categoryMaps: readonly CategoryMapFact[];
  /** Type aliases / call-signature-only interfaces declared here that denote functions (closures). */
  readonly functionTypes: readonly string[];
  /** Top-level variables holding a mixin call's class (absent in hand-made facts: none). */
  readonly mixinBindings?: readonly MixinBindingFact[];
  /** Class tables (FACTS_VERSION 6; absent when none). */
  readonly classTables?: readonly ClassTableFact[];
}
