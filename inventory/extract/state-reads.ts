/**
 * "State read back": after `const t = new X(…)`, the constructing scope reads plain properties
 * off `t` (`t.lastCode`, `t.graph`) — the loop-protocol signature. Calls and the standard Tool
 * surface (name, description, schema, …) are not state.
 */
import type TS from "typescript";
import { lineOf, walk, type Ctx } from "./ast-utils.js";
import { addTo } from "../../lib/multimap.js";

const TOOL_SURFACE = new Set([
  "name",
  "description",
  "jsonSchema",
  "schema",
  "inputSchema",
  "needsToolCallId",
  "process",
  "execute",
  "userMessage",
  "toProviderTool",
]);

/** Reads of several variables in one walk of the scope (variable → its reads, in order). */
export function collectStateReadsOf(
  ctx: Ctx,
  scope: TS.Node,
  variables: ReadonlySet<string>,
): Map<string, { prop: string; line: number }[]> {
  const { ts } = ctx;
  const out = new Map<string, { prop: string; line: number }[]>();
  const seen = new Set<string>();
  walk(ts, scope, (node, parent) => {
    if (!ts.isPropertyAccessExpression(node) || !ts.isIdentifier(node.expression)) return true;
    const variable = node.expression.text;
    if (!variables.has(variable)) return true;
    const prop = node.name.text;
    const isCallee = ts.isCallExpression(parent) && parent.expression === node;
    const isWrite =
      ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
    const key = `${variable}.${prop}`;
    if (!isCallee && !isWrite && !TOOL_SURFACE.has(prop) && !seen.has(key)) {
      seen.add(key);
      addTo(out, variable, { prop, line: lineOf(ctx, node) });
    }
    return true;
  });
  return out;
}

export function collectStateReads(ctx: Ctx, scope: TS.Node, variable: string): { prop: string; line: number }[] {
  const { ts } = ctx;
  const reads: { prop: string; line: number }[] = [];
  const seen = new Set<string>();
  walk(ts, scope, (node, parent) => {
    if (!ts.isPropertyAccessExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== variable)
      return true;
    const prop = node.name.text;
    const isCallee = ts.isCallExpression(parent) && parent.expression === node;
    const isWrite =
      ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
    if (!isCallee && !isWrite && !TOOL_SURFACE.has(prop) && !seen.has(prop)) {
      seen.add(prop);
      reads.push({ prop, line: lineOf(ctx, node) });
    }
    return true;
  });
  return reads;
}
