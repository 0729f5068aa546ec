/**
 * Finds `const X = { wire_name: "read", … }` object literals whose values are permission
 * categories — the `TOOL_PERMISSION_CATEGORIES`-style map the classifier reads categories from.
 * Config-independent: every such map is recorded; the config names which one counts.
 */
import type TS from "typescript";
import { PERMISSION_CATEGORIES } from "../types.js";
import type { CategoryMapFact } from "./facts.js";
import { lineOf, propertyNameText, stringLiteralValue, unwrapExpression, type Ctx } from "./ast-utils.js";

const CATEGORY_SET = new Set<string>(PERMISSION_CATEGORIES);

export function categoryMapOf(ctx: Ctx, decl: TS.VariableDeclaration): CategoryMapFact | null {
  const { ts } = ctx;
  if (!ts.isIdentifier(decl.name) || !decl.initializer) return null;
  const init = unwrapExpression(ts, decl.initializer);
  if (!ts.isObjectLiteralExpression(init) || init.properties.length === 0) return null;
  const entries: Record<string, string> = {};
  let valid = 0;
  for (const prop of init.properties) {
    if (!ts.isPropertyAssignment(prop)) continue;
    const key = propertyNameText(ts, prop.name);
    const value = stringLiteralValue(ts, unwrapExpression(ts, prop.initializer));
    if (key !== null && value !== null && CATEGORY_SET.has(value)) {
      entries[key] = value;
      valid++;
    }
  }
  if (valid === 0 || valid < init.properties.length * 0.8) return null;
  return { name: decl.name.text, line: lineOf(ctx, decl), entries };
}
