/**
 * The scopes of the facts walk (walk-facts.ts): the frames it keeps while descending (named
 * functions, classes, loops and iteration callbacks, with what they iterate), the names scopes
 * take, and which nodes open one. Pure functions over syntax nodes.
 */
import type TS from "typescript";
import type { FunctionFact } from "./facts.js";
import { propertyNameText, unwrapExpression, type Ctx } from "./ast-utils.js";
import { subjectsOf } from "./class-tables.js";

const ITERATION_METHODS = new Set(["map", "forEach", "flatMap", "filter", "reduce", "some", "every", "find", "from"]);

export interface Frame {
  readonly name: string | null;
  readonly node: TS.Node;
  readonly loop: boolean;
  readonly fn: FunctionFact | null;
  /** What an iteration frame iterates (`T` of `T.map(cb)` / `for (… of T)`). */
  readonly subjects?: readonly string[][];
  /** Variables bound in this frame to an element read (`const C = T[k]`) → its subjects. */
  bound?: Map<string, string[][]>;
}

/** What a `new C()` with a plain identifier callee may draw C from (see ConstructionFact.sources). */
export function sourcesOf(stack: readonly Frame[], callee: string): string[][] {
  const out: string[][] = [];
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i] as Frame;
    const b = f.bound?.get(callee);
    if (b) out.push(...b);
    if (f.subjects && f.loop) out.push(...f.subjects);
  }
  return out;
}

export function scopeName(ctx: Ctx, node: TS.Node, parent: TS.Node, className: string | null): string | null {
  const { ts } = ctx;
  if (ts.isFunctionDeclaration(node)) return node.name?.text ?? null;
  if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
    const n = propertyNameText(ts, node.name) ?? "?";
    return className ? `${className}.${n}` : n;
  }
  if (ts.isConstructorDeclaration(node)) return className ? `${className}.constructor` : "constructor";
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (ts.isFunctionExpression(node) && node.name) return node.name.text;
    if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
    if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
      const n = propertyNameText(ts, parent.name);
      return n && className && ts.isPropertyDeclaration(parent) ? `${className}.${n}` : n;
    }
  }
  return null;
}

export function isIterationCallback(ctx: Ctx, node: TS.Node, parent: TS.Node): boolean {
  const { ts } = ctx;
  if (!(ts.isArrowFunction(node) || ts.isFunctionExpression(node)) || !ts.isCallExpression(parent)) return false;
  const callee = parent.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    ITERATION_METHODS.has(callee.name.text) &&
    parent.arguments.some((a) => a === node)
  );
}

export function isLoopStatement(ts: Ctx["ts"], k: TS.SyntaxKind): boolean {
  const K = ts.SyntaxKind;
  return (
    k === K.ForStatement ||
    k === K.ForOfStatement ||
    k === K.ForInStatement ||
    k === K.WhileStatement ||
    k === K.DoStatement
  );
}

/** `const C = T[k]`, `T.get(k)`, `T[k] ?? U[k]`: C is drawn from T (recorded on the frame, for a later `new C()`). */
export function bindElementRead(ctx: Ctx, frame: Frame, name: string, init: TS.Expression): void {
  const { ts } = ctx;
  const e = unwrapExpression(ts, init);
  const reads = (x: TS.Expression): boolean => {
    const u = unwrapExpression(ts, x);
    if (ts.isElementAccessExpression(u)) return true;
    if (
      ts.isCallExpression(u) &&
      ts.isPropertyAccessExpression(u.expression) &&
      (u.expression.name.text === "get" || u.expression.name.text === "find")
    )
      return true;
    return ts.isBinaryExpression(u) && (reads(u.left) || reads(u.right));
  };
  if (!reads(e)) return;
  const subjects = subjectsOf(ts, e);
  if (subjects.length === 0) return;
  (frame.bound ??= new Map()).set(name, subjects);
}

export function isFunctionKind(ts: Ctx["ts"], k: TS.SyntaxKind): boolean {
  const K = ts.SyntaxKind;
  return (
    k === K.FunctionDeclaration ||
    k === K.MethodDeclaration ||
    k === K.Constructor ||
    k === K.GetAccessor ||
    k === K.SetAccessor ||
    k === K.ArrowFunction ||
    k === K.FunctionExpression
  );
}

export function classNameOf(ctx: Ctx, node: TS.ClassLikeDeclaration, parent: TS.Node): string | null {
  const { ts } = ctx;
  if (node.name) return node.name.text;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return null;
}
