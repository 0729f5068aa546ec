/**
 * Member and constructor shapes class-facts.ts judges: a constructor value that is plain field
 * wiring, and a class's own `schema = …` declaration.
 */
import type TS from "typescript";
import { unwrapExpression, type Ctx } from "./ast-utils.js";

/** `this.x = <simple>` is plain field wiring; calls, `new` and statements are constructor logic. */
export function isSimpleValue(ts: Ctx["ts"], expr: TS.Expression): boolean {
  const e = unwrapExpression(ts, expr);
  if (
    ts.isIdentifier(e) ||
    ts.isLiteralExpression(e) ||
    ts.isNoSubstitutionTemplateLiteral(e) ||
    ts.isTemplateExpression(e)
  )
    return true;
  if (
    e.kind === ts.SyntaxKind.TrueKeyword ||
    e.kind === ts.SyntaxKind.FalseKeyword ||
    e.kind === ts.SyntaxKind.NullKeyword
  )
    return true;
  if (ts.isPropertyAccessExpression(e)) return isSimpleValue(ts, e.expression);
  if (
    ts.isBinaryExpression(e) &&
    (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  ) {
    return isSimpleValue(ts, e.left) && isSimpleValue(ts, e.right);
  }
  if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return true;
  if (ts.isArrayLiteralExpression(e)) return e.elements.every((x) => isSimpleValue(ts, x));
  if (ts.isObjectLiteralExpression(e)) {
    return e.properties.every((p) =>
      ts.isPropertyAssignment(p) ? isSimpleValue(ts, p.initializer) : ts.isShorthandPropertyAssignment(p),
    );
  }
  return false;
}

/** A non-static `schema = …` property: the class declares its own input schema. */
export function isOwnSchema(ts: Ctx["ts"], member: TS.ClassElement): boolean {
  const isStatic = ts.getModifiers(member as TS.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
  return (
    !isStatic &&
    ts.isPropertyDeclaration(member) &&
    member.initializer !== undefined &&
    ts.isIdentifier(member.name) &&
    member.name.text === "schema"
  );
}
