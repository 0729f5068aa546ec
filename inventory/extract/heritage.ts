/**
 * The extends clause of one class as a fact: the identifier path it names (`core.Tool`), or,
 * when it is a mixin call (`WithRetry(Tool)`, `mixins.Logging(core.Tool)`,
 * `WithRetry(Logging(Tool), opts)`), every identifier-path argument with the mixin callees it
 * is passed through. The resolver decides which argument (if any) leads to the base; syntax
 * alone cannot tell the class argument from an options object named by a variable.
 */
import type TS from "typescript";
import type { HeritageFact, MixinArgFact, MixinBindingFact } from "./facts.js";
import { identifierPath, lineOf, unwrapExpression, type Ctx } from "./ast-utils.js";

/** Mixin calls nested deeper than this are not followed (real code nests two or three). */
const MAX_MIXIN_DEPTH = 8;
/** A mixin clause's text goes into evidence lines: one line, and not a whole options object. */
const MAX_TEXT = 120;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
}

function calleeText(ctx: Ctx, callee: TS.Expression): string {
  return identifierPath(ctx.ts, callee)?.join(".") ?? callee.getText(ctx.sf);
}

function collectMixinArgs(ctx: Ctx, call: TS.CallExpression, through: readonly string[], out: MixinArgFact[]): void {
  const { ts } = ctx;
  const chain = [...through, calleeText(ctx, call.expression)];
  for (const arg of call.arguments) {
    const e = unwrapExpression(ts, arg);
    const path = identifierPath(ts, e);
    if (path) out.push({ through: chain, path });
    else if (ts.isCallExpression(e) && chain.length < MAX_MIXIN_DEPTH) collectMixinArgs(ctx, e, chain, out);
  }
}

export function heritageOf(ctx: Ctx, type: TS.ExpressionWithTypeArguments): HeritageFact {
  const { ts, sf } = ctx;
  const expr = type.expression;
  const fact = { path: identifierPath(ts, expr), text: expr.getText(sf), line: lineOf(ctx, type) };
  const e = unwrapExpression(ts, expr);
  if (fact.path !== null || !ts.isCallExpression(e)) return fact;
  const mixinArgs: MixinArgFact[] = [];
  collectMixinArgs(ctx, e, [], mixinArgs);
  return { ...fact, text: oneLine(fact.text), mixinArgs };
}

/**
 * Top-level `const Retrying = WithRetry(Tool)` (also `export const`, `let`, with `as` or
 * parentheses around the call): a mixin's class bound to a name that classes then extend. Only
 * calls with at least one identifier-path argument are kept.
 */
export function mixinBindingsOf(ctx: Ctx): MixinBindingFact[] {
  const { ts, sf } = ctx;
  const out: MixinBindingFact[] = [];
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt)) continue;
    for (const decl of stmt.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || !decl.initializer) continue;
      const e = unwrapExpression(ts, decl.initializer);
      if (!ts.isCallExpression(e)) continue;
      const mixinArgs: MixinArgFact[] = [];
      collectMixinArgs(ctx, e, [], mixinArgs);
      if (mixinArgs.length > 0)
        out.push({ name: decl.name.text, text: oneLine(e.getText(sf)), line: lineOf(ctx, decl), mixinArgs });
    }
  }
  return out;
}
