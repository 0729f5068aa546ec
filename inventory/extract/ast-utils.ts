/**
 * Small helpers over TypeScript syntax nodes shared by the extractors: line numbers, identifier
 * paths, literal unwrapping, and a parent-aware walk (files are parsed without parent pointers,
 * which keeps parsing cheap).
 */
import type TS from "typescript";
import type { TypeScriptApi } from "./parse.js";

export interface Ctx {
  readonly ts: TypeScriptApi;
  readonly sf: TS.SourceFile;
  /** When `sf` is one chunk of a big file (chunks.ts): the file's lines before it. */
  readonly lineBase?: number;
  /** …and the file's text just before `leadAt` (0 unless set), for look-behind checks (textBefore). */
  readonly lead?: string;
  /**
   * Where the file's own text resumes in `sf` after a wrapper the chunk begins with (a member run
   * of a split class parsed inside a stand-in class head: extract-file-facts.ts).
   */
  readonly leadAt?: number;
}

export function lineOf(ctx: Ctx, node: TS.Node): number {
  return ctx.sf.getLineAndCharacterOfPosition(node.getStart(ctx.sf)).line + 1 + (ctx.lineBase ?? 0);
}

/** The `n` characters of the file before `pos` (a position in `ctx.sf`), fewer at the file's start. */
export function textBefore(ctx: Ctx, pos: number, n: number): string {
  const at = ctx.leadAt ?? 0;
  if (!ctx.lead || pos < at || pos - n >= at) return ctx.sf.text.slice(Math.max(0, pos - n), pos);
  const own = ctx.sf.text.slice(at, pos);
  return ctx.lead.slice(Math.max(0, ctx.lead.length - (n - own.length))) + own;
}

/** `a.b.c` → ["a","b","c"]; anything else → null. */
export function identifierPath(ts: TypeScriptApi, node: TS.Node): string[] | null {
  if (ts.isIdentifier(node)) return [node.text];
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) {
    const head = identifierPath(ts, node.expression);
    return head ? [...head, node.name.text] : null;
  }
  return null;
}

/** Strips `(x)`, `x as T`, `x satisfies T`, `<T>x`, `x!`. */
export function unwrapExpression(ts: TypeScriptApi, node: TS.Expression): TS.Expression {
  let cur = node;
  for (;;) {
    if (
      ts.isParenthesizedExpression(cur) ||
      ts.isAsExpression(cur) ||
      ts.isSatisfiesExpression(cur) ||
      ts.isTypeAssertionExpression(cur) ||
      ts.isNonNullExpression(cur)
    ) {
      cur = cur.expression;
    } else return cur;
  }
}

/** A call's callee name, its last segment (`f` of `f()` and of `a.b.f()`); null for other callees. */
export function calleeLastName(ts: TypeScriptApi, callee: TS.Expression): string | null {
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
}

export function stringLiteralValue(ts: TypeScriptApi, node: TS.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

export function propertyNameText(ts: TypeScriptApi, name: TS.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name))
    return name.text;
  return null;
}

/** Identifier names mentioned in a type annotation (for "constructor takes a Tool"). */
export function typeNames(ts: TypeScriptApi, node: TS.Node | undefined): string[] {
  const out: string[] = [];
  const visit = (n: TS.Node): void => {
    if (ts.isTypeReferenceNode(n)) {
      const name = n.typeName;
      out.push(ts.isIdentifier(name) ? name.text : name.right.text);
      if (ts.isQualifiedName(name) && ts.isIdentifier(name.left)) out.push(name.left.text);
    }
    ts.forEachChild(n, visit);
  };
  if (node) visit(node);
  return out;
}

/** Depth-first walk with the parent handed along; return false from `fn` to skip a subtree. */
export function walk(ts: TypeScriptApi, root: TS.Node, fn: (node: TS.Node, parent: TS.Node) => boolean | void): void {
  const parents: TS.Node[] = [root];
  const visitChild = (node: TS.Node): undefined => {
    const parent = parents[parents.length - 1] ?? root;
    if (fn(node, parent) === false) return undefined;
    parents.push(node);
    ts.forEachChild(node, visitChild);
    parents.pop();
    return undefined;
  };
  ts.forEachChild(root, visitChild);
}

export function hasModifier(ts: TypeScriptApi, node: TS.Node, kind: TS.SyntaxKind): boolean {
  const mods = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return Boolean(mods?.some((m) => m.kind === kind));
}
