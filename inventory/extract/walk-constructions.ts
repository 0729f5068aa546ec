/**
 * The facts walk's `new X(…)` sites (walk-facts.ts): what each construction records (callee,
 * scopes, loop, assignment, argument kinds, where its class may come from, the call it is
 * handed to), and, once the walk is done, the reads of the variables it is assigned to or built
 * from in its scope.
 */
import type TS from "typescript";
import type { ConstructionFact } from "./facts.js";
import { calleeLastName, identifierPath, lineOf, stringLiteralValue, type Ctx } from "./ast-utils.js";
import { BUILTIN_CONSTRUCTORS } from "./builtins.js";
import { collectStateReads, collectStateReadsOf } from "./state-reads.js";
import { classNameOf, sourcesOf } from "./walk-scopes.js";
import { keyOf, type WalkState } from "./walk-state.js";

/** `new Map()`, `new Error(…)`: JavaScript built-ins are never Tool subclasses; skip them early. */
const BUILTINS = BUILTIN_CONSTRUCTORS;

export function isBuiltinConstruction(ts: Ctx["ts"], node: TS.NewExpression): boolean {
  return ts.isIdentifier(node.expression) && BUILTINS.has(node.expression.text);
}

function argKind(ts: Ctx["ts"], a: TS.Expression): "function" | "template" | "string" | "other" {
  if (ts.isArrowFunction(a) || ts.isFunctionExpression(a)) return "function";
  if (ts.isTemplateExpression(a)) return "template";
  if (stringLiteralValue(ts, a) !== null) return "string";
  return "other";
}

function assignedTarget(ctx: Ctx, parent: TS.Node, node: TS.Node): string | null {
  const { ts } = ctx;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (
    ts.isBinaryExpression(parent) &&
    parent.right === node &&
    parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
  ) {
    const path = identifierPath(ts, parent.left);
    if (path) return path.join(".");
    if (ts.isPropertyAccessExpression(parent.left) && parent.left.expression.kind === ts.SyntaxKind.ThisKeyword)
      return `this.${parent.left.name.text}`;
  }
  return null;
}

/** Records the construction `node` (not a built-in), and the reads to collect for it. */
export function recordConstruction(st: WalkState, node: TS.NewExpression, parent: TS.Node): void {
  const { ctx, stack } = st;
  const { ts } = ctx;
  const expr = node.expression;
  const inner = ts.isParenthesizedExpression(expr) ? expr.expression : expr;
  const classKey = ts.isClassExpression(inner) ? keyOf(st, inner, classNameOf(ctx, inner, expr)) : null;
  const namedScopes = stack.filter((f) => f.name !== null);
  const innermost = namedScopes[namedScopes.length - 1];
  const innermostIndex = innermost ? stack.lastIndexOf(innermost) : 0;
  const fact = {
    callee: identifierPath(ts, expr),
    classKey,
    line: lineOf(ctx, node),
    scopes: namedScopes.map((f) => f.name as string),
    inLoop: stack.slice(innermostIndex + 1).some((f) => f.loop),
    assignedTo: assignedTarget(ctx, parent, node),
    stateReads: [] as { prop: string; line: number }[],
    args: (node.arguments ?? []).map((a) => argKind(ts, a)),
  };
  const sources = ts.isIdentifier(expr) ? sourcesOf(stack, expr.text) : [];
  const passedTo =
    ts.isCallExpression(parent) && parent.arguments.some((a) => a === node)
      ? calleeLastName(ts, parent.expression)
      : null;
  const pushed: ConstructionFact = {
    ...fact,
    ...(sources.length > 0 ? { sources } : {}),
    ...(passedTo ? { passedTo } : {}),
  };
  st.constructions.push(pushed);
  if (fact.assignedTo && !fact.assignedTo.includes(".") && innermost)
    st.pendingReads.push({ fact, scope: innermost.node, variable: fact.assignedTo });
  if (innermost)
    for (const a of node.arguments ?? [])
      if (ts.isIdentifier(a)) st.pendingArgReads.push({ fact: pushed, scope: innermost.node, variable: a.text });
}

/** Once the walk is done: the reads of each construction's variables, one walk per scope for the arguments. */
export function collectPendingReads(st: WalkState): void {
  const { ctx } = st;
  for (const p of st.pendingReads) p.fact.stateReads.push(...collectStateReads(ctx, p.scope, p.variable));
  const argScopes = new Map<TS.Node, Set<string>>();
  for (const p of st.pendingArgReads) argScopes.set(p.scope, (argScopes.get(p.scope) ?? new Set()).add(p.variable));
  const argReads = new Map<TS.Node, Map<string, { prop: string; line: number }[]>>();
  for (const [scope, variables] of argScopes) argReads.set(scope, collectStateReadsOf(ctx, scope, variables));
  for (const p of st.pendingArgReads) {
    const reads = (argReads.get(p.scope)?.get(p.variable) ?? []).map((r) => ({ arg: p.variable, ...r }));
    if (reads.length)
      (p.fact as { sharedReads?: typeof reads }).sharedReads = [...(p.fact.sharedReads ?? []), ...reads];
  }
}
