/**
 * Class tables and where a `new C()` draws C from. A belt is often built by mapping a table of
 * class references (`const TOOL_CLASSES = [A, B]` … `TOOL_CLASSES.map((Cls) => new Cls())`,
 * `Record<string, new () => Tool>`, `new Map([["a", A]])`); the classifier joins the two facts
 * across files. Entries commented out inside the literal are recorded apart (a note, not evidence).
 */
import type TS from "typescript";
import type { ClassTableEntryFact, ClassTableFact } from "./facts.js";
import { identifierPath, lineOf, unwrapExpression, type Ctx } from "./ast-utils.js";

const PASCAL = /^[A-Z][\w$]*$/;
/** `// Name,` or `// key: Name,` on a line of its own inside the literal. */
const COMMENTED = /^\s*\/\/\s*(?:["']?[\w$-]+["']?\s*:\s*|\[\s*["'][^"']*["']\s*,\s*)?([A-Z][\w$]*)\s*\]?\s*,?\s*$/;

function classRef(ts: Ctx["ts"], e: TS.Expression): string[] | null {
  const path = identifierPath(ts, unwrapExpression(ts, e));
  return path && PASCAL.test(path[path.length - 1] ?? "") ? path : null;
}

function arrayEntries(
  ctx: Ctx,
  arr: TS.ArrayLiteralExpression,
  entries: ClassTableEntryFact[],
  spreads: string[][],
): number {
  const { ts } = ctx;
  let other = 0;
  for (const el of arr.elements) {
    if (ts.isSpreadElement(el)) {
      const p = identifierPath(ts, unwrapExpression(ts, el.expression));
      if (p) spreads.push(p);
      else other++;
      continue;
    }
    const ref = classRef(ts, el);
    if (ref) entries.push({ path: ref, line: lineOf(ctx, el) });
    else other++;
  }
  return other;
}

function commentedEntries(ctx: Ctx, init: TS.Node): { name: string; line: number }[] {
  const text = ctx.sf.text.slice(init.getStart(ctx.sf), init.end);
  if (!text.includes("//")) return [];
  const first = lineOf(ctx, init);
  const out: { name: string; line: number }[] = [];
  text.split("\n").forEach((line, i) => {
    const m = COMMENTED.exec(line);
    if (m?.[1]) out.push({ name: m[1], line: first + i });
  });
  return out;
}

/** `const X = [A, B]`, `{ a: A, b }`, `new Map([["a", A]])`, `Object.freeze([...])`: a table when most values are class references. */
export function classTableOf(ctx: Ctx, decl: TS.VariableDeclaration): ClassTableFact | null {
  const { ts } = ctx;
  if (!ts.isIdentifier(decl.name) || !decl.initializer) return null;
  let init = unwrapExpression(ts, decl.initializer);
  if (
    ts.isCallExpression(init) &&
    init.arguments.length === 1 &&
    /^Object\.freeze$/.test(init.expression.getText(ctx.sf))
  )
    init = unwrapExpression(ts, init.arguments[0] as TS.Expression);
  const entries: ClassTableEntryFact[] = [];
  const spreads: string[][] = [];
  let other = 0;
  if (ts.isArrayLiteralExpression(init)) {
    other = arrayEntries(ctx, init, entries, spreads);
  } else if (ts.isObjectLiteralExpression(init)) {
    for (const p of init.properties) {
      if (ts.isShorthandPropertyAssignment(p) && PASCAL.test(p.name.text))
        entries.push({ path: [p.name.text], line: lineOf(ctx, p) });
      else if (ts.isPropertyAssignment(p)) {
        const ref = classRef(ts, p.initializer);
        if (ref) entries.push({ path: ref, line: lineOf(ctx, p) });
        else other++;
      } else if (ts.isSpreadAssignment(p)) {
        const sp = identifierPath(ts, unwrapExpression(ts, p.expression));
        if (sp) spreads.push(sp);
        else other++;
      } else other++;
    }
  } else if (
    ts.isNewExpression(init) &&
    ts.isIdentifier(init.expression) &&
    init.expression.text === "Map" &&
    init.arguments?.length === 1
  ) {
    const arg = unwrapExpression(ts, init.arguments[0] as TS.Expression);
    if (!ts.isArrayLiteralExpression(arg)) return null;
    for (const pair of arg.elements) {
      const el = unwrapExpression(ts, pair as TS.Expression);
      const value =
        ts.isArrayLiteralExpression(el) && el.elements.length === 2
          ? classRef(ts, el.elements[1] as TS.Expression)
          : null;
      if (value) entries.push({ path: value, line: lineOf(ctx, el) });
      else other++;
    }
  } else return null;
  // Most literals are not tables: decide that before reading their text for comments.
  if (other > entries.length) return null;
  const commented = commentedEntries(ctx, init);
  if (entries.length === 0 && commented.length === 0 && !spreads.some((sp) => /^[A-Z]/.test(sp[sp.length - 1] ?? "")))
    return null;
  return { name: decl.name.text, line: lineOf(ctx, decl), entries, spreads, commented };
}

/** The bindings an expression iterates or reads from: `T`, `T.filter(f)`, `Object.values(T)`, `[...A, ...B]`, `T[k]`, `T.get(k)`. */
export function subjectsOf(ts: Ctx["ts"], expr: TS.Expression, depth = 0): string[][] {
  if (depth > 6) return [];
  const e = unwrapExpression(ts, expr);
  const path = identifierPath(ts, e);
  if (path) return [path];
  if (ts.isElementAccessExpression(e)) return subjectsOf(ts, e.expression, depth + 1);
  if (ts.isBinaryExpression(e)) return [...subjectsOf(ts, e.left, depth + 1), ...subjectsOf(ts, e.right, depth + 1)];
  if (ts.isArrayLiteralExpression(e))
    return e.elements.flatMap((x) => (ts.isSpreadElement(x) ? subjectsOf(ts, x.expression, depth + 1) : []));
  if (ts.isCallExpression(e)) {
    const callee = e.expression;
    const calleePath = identifierPath(ts, callee);
    const joined = calleePath?.join(".");
    if (
      joined === "Object.values" ||
      joined === "Object.entries" ||
      joined === "Array.from" ||
      joined === "Object.keys"
    ) {
      return e.arguments[0] ? subjectsOf(ts, e.arguments[0], depth + 1) : [];
    }
    if (ts.isPropertyAccessExpression(callee)) return subjectsOf(ts, callee.expression, depth + 1);
  }
  return [];
}

/** The subject of an iteration callback's call (`T.map(cb)`) or a for-of statement; null for other loops. */
export function iterationSubjects(ctx: Ctx, loopNode: TS.Node, parent: TS.Node): string[][] {
  const { ts } = ctx;
  if (ts.isForOfStatement(loopNode)) return subjectsOf(ts, loopNode.expression);
  if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression))
    return subjectsOf(ts, parent.expression.expression);
  return [];
}
