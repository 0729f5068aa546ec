/**
 * The text that replaces one reference: `new XTool(deps…)` becomes
 * `toolForCapabilityName("x", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, <field>: <dep> }))`
 * with each argument mapped by its constructor parameter name through `runFields` (argument
 * text kept verbatim), and `v instanceof XTool` becomes `v.name === "x"`. Returns either the
 * replacement or a refusal reason naming what would unblock it.
 */
import type TS from "typescript";
import type { TypeScriptApi } from "../shared/parse.js";
import type { ConvertedClass } from "./converted.js";
import type { UnitCode } from "../unit-codes.js";
import { runFieldFor } from "../run-fields.js";

export type Rewrite =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly code: UnitCode; readonly reason: string };

/** Local names of the adapter and runtime bindings, requested only when a rewrite needs them. */
export interface RuntimeNames {
  toolForCapabilityName(): string;
  runBindings(): { readonly registry: string; readonly createCapabilityRun: string; readonly gateFromContext: string };
}

/** True when evaluating the expression once per call instead of once at construction changes nothing. */
export function isPure(ts: TypeScriptApi, node: TS.Node): boolean {
  if (ts.isIdentifier(node) || ts.isLiteralExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  switch (node.kind) {
    case ts.SyntaxKind.ThisKeyword:
    case ts.SyntaxKind.TrueKeyword:
    case ts.SyntaxKind.FalseKeyword:
    case ts.SyntaxKind.NullKeyword:
    case ts.SyntaxKind.ArrowFunction:
    case ts.SyntaxKind.FunctionExpression:
      return true;
  }
  if (ts.isPropertyAccessExpression(node)) return isPure(ts, node.expression);
  if (ts.isElementAccessExpression(node)) return isPure(ts, node.expression) && isPure(ts, node.argumentExpression);
  if (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isTypeAssertionExpression(node)
  ) {
    return isPure(ts, node.expression);
  }
  if (ts.isTemplateExpression(node)) return node.templateSpans.every((s) => isPure(ts, s.expression));
  if (ts.isArrayLiteralExpression(node))
    return node.elements.every((e) => isPure(ts, ts.isSpreadElement(e) ? e.expression : e));
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every((p) => {
      if (
        ts.isShorthandPropertyAssignment(p) ||
        ts.isMethodDeclaration(p) ||
        ts.isGetAccessor(p) ||
        ts.isSetAccessor(p)
      )
        return true;
      if (ts.isSpreadAssignment(p)) return isPure(ts, p.expression);
      if (ts.isPropertyAssignment(p))
        return (!ts.isComputedPropertyName(p.name) || isPure(ts, p.name.expression)) && isPure(ts, p.initializer);
      return false;
    });
  }
  if (ts.isPrefixUnaryExpression(node)) {
    return (
      node.operator !== ts.SyntaxKind.PlusPlusToken &&
      node.operator !== ts.SyntaxKind.MinusMinusToken &&
      isPure(ts, node.operand)
    );
  }
  if (ts.isTypeOfExpression(node)) return isPure(ts, node.expression);
  if (ts.isConditionalExpression(node))
    return isPure(ts, node.condition) && isPure(ts, node.whenTrue) && isPure(ts, node.whenFalse);
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    const assigns = op >= ts.SyntaxKind.FirstAssignment && op <= ts.SyntaxKind.LastAssignment;
    return !assigns && op !== ts.SyntaxKind.CommaToken && isPure(ts, node.left) && isPure(ts, node.right);
  }
  return false;
}

function identifiersIn(ts: TypeScriptApi, node: TS.Node, out: Set<string>): Set<string> {
  if (ts.isIdentifier(node)) out.add(node.text);
  ts.forEachChild(node, (c) => void identifiersIn(ts, c, out));
  return out;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

export function rewriteNew(
  ts: TypeScriptApi,
  sf: TS.SourceFile,
  node: TS.NewExpression,
  cls: ConvertedClass,
  runFields: Readonly<Record<string, string>>,
  names: RuntimeNames,
  textOf: (node: TS.Node) => string = (n) => n.getText(sf),
): Rewrite {
  const wire = JSON.stringify(cls.wireName);
  const args = node.arguments ?? [];
  const trailingUndefined = (i: number): boolean =>
    args.slice(i).every((a) => ts.isIdentifier(a) && a.text === "undefined");
  if (args.length === 0 || trailingUndefined(0)) return { ok: true, text: `${names.toolForCapabilityName()}(${wire})` };
  const spread = args.find((a) => ts.isSpreadElement(a));
  if (spread) {
    return {
      ok: false,
      code: "spread-argument",
      reason: `spread argument \`${spread.getText(sf)}\` cannot be mapped to run fields; pass ${cls.name}'s dependencies positionally, then re-run`,
    };
  }
  const params = cls.ctorParams;
  if (params === null) {
    return {
      ok: false,
      code: "argument-mismatch",
      reason: `constructor parameter names of ${cls.name} are unknown (not in the inventory record, class not on disk); construct it by name with toolForCapabilityName(${wire}, run) by hand`,
    };
  }
  const fields: string[] = [];
  const seen = new Map<string, string>();
  const used = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as TS.Expression;
    if (trailingUndefined(i)) break;
    if (ts.isIdentifier(arg) && arg.text === "undefined") continue;
    const param = params[i];
    if (param === undefined)
      return {
        ok: false,
        code: "argument-mismatch",
        reason: `argument ${i + 1} (\`${arg.getText(sf)}\`) has no matching parameter in ${cls.name}'s constructor (it takes ${params.length})`,
      };
    if (param === null)
      return {
        ok: false,
        code: "argument-mismatch",
        reason: `constructor parameter ${i + 1} of ${cls.name} is destructured; map its fields to run fields by hand`,
      };
    const decided = cls.fieldChoices?.get(param);
    const choice = decided ? { ok: true as const, field: decided } : runFieldFor(param, runFields);
    if (!choice.ok) return { ok: false, code: "run-field-conflict", reason: `${cls.name}: ${choice.reason}` };
    const field = choice.field;
    const clash = seen.get(field);
    if (clash)
      return {
        ok: false,
        code: "run-field-conflict",
        reason: `constructor parameters \`${clash}\` and \`${param}\` both map to run field "${field}"; give one of them its own field in codemods.runFields`,
      };
    seen.set(field, param);
    if (!isPure(ts, arg)) {
      return {
        ok: false,
        code: "impure-argument",
        reason: `argument \`${arg.getText(sf)}\` would run on every call once moved into the run factory (it calls, awaits or assigns); bind it to a const before the construction, then re-run`,
      };
    }
    identifiersIn(ts, arg, used);
    const text = textOf(arg);
    fields.push(
      text === field && IDENT.test(field) ? field : `${IDENT.test(field) ? field : JSON.stringify(field)}: ${text}`,
    );
  }
  if (fields.length === 0) return { ok: true, text: `${names.toolForCapabilityName()}(${wire})` };
  return { ok: true, text: runFactoryCall(names, wire, fields, used) };
}

/** `toolForCapabilityName(wire, (ctx) => createCapabilityRun({ ... }))`, with a context name no argument uses. */
function runFactoryCall(
  names: RuntimeNames,
  wire: string,
  fields: readonly string[],
  used: ReadonlySet<string>,
): string {
  let ctx = "ctx";
  for (let i = 2; used.has(ctx); i++) ctx = `ctx${i}`;
  const run = names.runBindings();
  const registry = run.registry === "registry" ? "registry" : `registry: ${run.registry}`;
  const body = [`context: ${ctx}`, `gate: ${run.gateFromContext}(${ctx})`, registry, ...fields].join(", ");
  return `${names.toolForCapabilityName()}(${wire}, (${ctx}) => ${run.createCapabilityRun}({ ${body} }))`;
}

function needsParensAround(ts: TypeScriptApi, parent: TS.Node): boolean {
  if (
    ts.isParenthesizedExpression(parent) ||
    ts.isIfStatement(parent) ||
    ts.isWhileStatement(parent) ||
    ts.isDoStatement(parent)
  )
    return false;
  if (
    ts.isReturnStatement(parent) ||
    ts.isExpressionStatement(parent) ||
    ts.isVariableDeclaration(parent) ||
    ts.isArrowFunction(parent)
  )
    return false;
  if (
    ts.isCallExpression(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isConditionalExpression(parent) ||
    ts.isArrayLiteralExpression(parent)
  )
    return false;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    return ![
      ts.SyntaxKind.AmpersandAmpersandToken,
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.QuestionQuestionToken,
      ts.SyntaxKind.EqualsToken,
      ts.SyntaxKind.CommaToken,
    ].includes(op);
  }
  return true;
}

export function rewriteInstanceof(
  ts: TypeScriptApi,
  sf: TS.SourceFile,
  node: TS.BinaryExpression,
  cls: ConvertedClass,
  textOf: (node: TS.Node) => string = (n) => n.getText(sf),
): Rewrite {
  const left = node.left;
  const simple =
    ts.isIdentifier(left) ||
    ts.isPropertyAccessExpression(left) ||
    ts.isElementAccessExpression(left) ||
    ts.isCallExpression(left) ||
    ts.isParenthesizedExpression(left) ||
    left.kind === ts.SyntaxKind.ThisKeyword;
  const subject = simple ? textOf(left) : `(${textOf(left)})`;
  const check = `${subject}.name === ${JSON.stringify(cls.wireName)}`;
  return { ok: true, text: needsParensAround(ts, node.parent) ? `(${check})` : check };
}
