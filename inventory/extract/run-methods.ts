/**
 * The one home of "which member is a tool's run method": the inventory's shape facts
 * (class-shape.ts) and the class move (codemods/tool-class-to-capability) both read it, so a class
 * the inventory calls capability-shaped is one the codemod looks for a run method on. Lives under
 * extract/ so a change to the list changes extractorCodeHash and retires cached facts.
 */
import type TS from "typescript";

/** The TypeScript API the caller parsed with (the inventory's own, or ts-morph's bundled one). */
type TsApi = typeof TS;

/**
 * In preference order: a class with two of them runs the first. `process` is capkit's own
 * `Tool` (context, params); `_call` LangChain's `Tool`/`StructuredTool`; the rest other
 * frameworks' (`execute`, `invoke`, `call`, `run`, `handler`, `_run`).
 */
export const RUN_METHODS = ["process", "execute", "_call", "invoke", "call", "run", "handler", "_run"] as const;
export type RunMethod = (typeof RUN_METHODS)[number];

export function isRunMethod(name: string): name is RunMethod {
  return (RUN_METHODS as readonly string[]).includes(name);
}

const CONTEXT_PARAM = /^_?(ctx|context)$/i;

/**
 * Does the run method take the host's context first, `(context, params)`? `process` always
 * (capkit's Tool); any other only when its first of two or more parameters is named or typed as
 * one (`execute(context: ProcessingContext, params)`, the runtime's ToolLike.execute). Else it
 * takes the call's input first, `(input, ...)` (LangChain: `_call(input, runManager?, config?)`).
 */
export function runMethodTakesContext(ts: TsApi, name: RunMethod, fn: TS.FunctionLikeDeclaration): boolean {
  if (name === "process") return true;
  const [first, second] = fn.parameters;
  if (!first || !second || !ts.isIdentifier(first.name)) return false;
  const type = first.type && ts.isTypeReferenceNode(first.type) ? first.type.typeName : undefined;
  const typeName = type && ts.isIdentifier(type) ? type.text : "";
  return CONTEXT_PARAM.test(first.name.text) || /Context$/.test(typeName);
}

/** The run method of a class whose run-method members are `present`: the first in RUN_METHODS order, or null. */
export function pickRunMethod(present: (name: RunMethod) => boolean): RunMethod | null {
  return RUN_METHODS.find((m) => present(m)) ?? null;
}

/**
 * The first parameter past the ones a capability call fills that the run method's body reads:
 * `(context, params)` for process (and a run method taking a context first), `(input)` for the rest — LangChain's `runManager`/`config`
 * have no counterpart on a capability run, so a body reading them cannot convert
 * (blocker `run-method-param`). A destructured extra parameter counts as read. By name, not by
 * symbol: a shadowing local only makes this report more, never less. Null when none is read.
 */
export function readExtraParameter(ts: TsApi, name: RunMethod, fn: TS.FunctionLikeDeclaration): string | null {
  const extra = fn.parameters.slice(runMethodTakesContext(ts, name, fn) ? 2 : 1);
  if (extra.length === 0 || !fn.body) return null;
  const names = new Map<string, string>();
  for (const p of extra) {
    if (!ts.isIdentifier(p.name)) return "a destructured parameter";
    names.set(p.name.text, p.name.text);
  }
  let found: string | null = null;
  const visit = (node: TS.Node): void => {
    if (found !== null) return;
    if (ts.isIdentifier(node) && names.has(node.text)) found = node.text;
    else ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return found;
}

/** A member that is a run method (a method or a function-valued field): the first extra parameter it reads. */
export function runMethodReadsExtra(ts: TsApi, name: string, member: TS.ClassElement): string | null {
  if (!isRunMethod(name)) return null;
  if (ts.isMethodDeclaration(member)) return readExtraParameter(ts, name, member);
  const fn = functionInitializer(ts, member);
  return fn ? readExtraParameter(ts, name, fn) : null;
}

/** The function a field is initialised with (`x = async () => …`, `x = function () {…}`), if any. */
function functionInitializer(ts: TsApi, member: TS.ClassElement): TS.ArrowFunction | TS.FunctionExpression | null {
  const init = ts.isPropertyDeclaration(member) ? member.initializer : undefined;
  return init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : null;
}

/**
 * A run method written as a function-valued field (`execute = async (params) => …`): the
 * inventory's shape facts count it, the class move converts methods only, so both call it
 * `run-method-field` (write it as a method to unblock).
 */
export function isRunMethodField(ts: TsApi, name: string, member: TS.ClassElement): boolean {
  return isRunMethod(name) && functionInitializer(ts, member) !== null;
}

/**
 * How the run method's input is typed through `this`: not at all, only as `typeof this.schema`
 * (LangChain's `_call(arg: z.infer<typeof this.schema>)`, which the class move rewrites to the
 * spec's schema constant when the class declares its own `schema`), or otherwise (`this["x"]`, a
 * `this` type), which a module function cannot name: blocker `this-typed-input` for both.
 */
export function inputThisTyping(
  ts: TsApi,
  name: RunMethod,
  fn: TS.FunctionLikeDeclaration,
): "none" | "schema" | "other" {
  const input = fn.parameters[runMethodTakesContext(ts, name, fn) ? 1 : 0];
  let schema = false;
  let other = false;
  const visit = (node: TS.Node): void => {
    if (other) return;
    const q = ts.isTypeQueryNode(node) ? node.exprName : undefined;
    if (q && ts.isQualifiedName(q) && ts.isIdentifier(q.left) && q.left.text === "this" && q.right.text === "schema") {
      schema = true;
      return;
    }
    // `typeof this.schema` parses `this` as an identifier of that text; `this["x"]` as a this type.
    if (node.kind === ts.SyntaxKind.ThisType || (ts.isIdentifier(node) && node.text === "this")) other = true;
    else ts.forEachChild(node, visit);
  };
  if (input?.type) visit(input.type);
  return other ? "other" : schema ? "schema" : "none";
}
