/**
 * Constructor tables: a const whose initializer is an object or array literal of Tool classes
 * (`STATIC_TOOL_CLASSES = { list_workflows: ListWorkflowsTool, … }`, `ToolCtor[]`), used to
 * hydrate saved agents by name. The whole table becomes factories — converted entries
 * `() => toolForCapabilityName("x")`, the others `() => new YTool()` — its constructor type
 * becomes a factory type, and every place that constructs a value taken from it (`new Cls()`)
 * becomes a call (`Cls()`). A table is converted only when every use of its values in the file
 * can be followed to such a construction; otherwise it is refused as a whole, with the use that
 * blocked it.
 */
import type TS from "typescript";
import type { TypeScriptApi } from "../shared/parse.js";
import type { ClassReference } from "./references.js";
import type { TextEdit } from "../shared/splice.js";
import { TableAnalysis } from "./table-analysis.js";
import { followTableUses } from "./table-uses.js";

export interface TableSite {
  readonly name: string;
  readonly decl: TS.VariableDeclaration;
  readonly literal: TS.ArrayLiteralExpression | TS.ObjectLiteralExpression;
}

export interface TableUnit {
  readonly unit: string;
  readonly node: TS.Node;
  readonly wireName?: string;
}

export type TablePlan =
  | { readonly ok: true; readonly edits: TextEdit[]; readonly units: TableUnit[] }
  | { readonly ok: false; readonly reason: string; readonly line: number };

function skipOuter(ts: TypeScriptApi, node: TS.Node): TS.Node {
  let n = node.parent;
  while (
    ts.isParenthesizedExpression(n) ||
    ts.isAsExpression(n) ||
    ts.isSatisfiesExpression(n) ||
    ts.isNonNullExpression(n)
  )
    n = n.parent;
  return n;
}

/** The table a value reference sits in, if it sits directly in a const-bound literal. */
export function tableOf(ts: TypeScriptApi, ref: TS.Node): TableSite | null {
  const p = ref.parent;
  const literal = ts.isArrayLiteralExpression(p)
    ? p
    : ts.isShorthandPropertyAssignment(p) || (ts.isPropertyAssignment(p) && p.initializer === ref)
      ? p.parent
      : null;
  if (!literal || !(ts.isArrayLiteralExpression(literal) || ts.isObjectLiteralExpression(literal))) return null;
  const decl = skipOuter(ts, literal);
  if (!ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return null;
  return { name: decl.name.text, decl, literal };
}

/** Every entry becomes a factory: converted classes through `factory`, the others `() => new X()`. */
function rewriteEntries(
  a: TableAnalysis,
  refs: readonly ClassReference[],
  factory: (ref: ClassReference) => string,
): void {
  const { ts } = a;
  const entryValue = (e: TS.Node): TS.Node | null =>
    ts.isPropertyAssignment(e)
      ? e.initializer
      : ts.isShorthandPropertyAssignment(e)
        ? e.name
        : ts.isSpreadElement(e) || ts.isSpreadAssignment(e)
          ? null
          : e;
  const items: readonly TS.Node[] = ts.isArrayLiteralExpression(a.site.literal)
    ? a.site.literal.elements
    : a.site.literal.properties;
  for (const item of items) {
    const value = entryValue(item);
    if (!value) return a.refuse(item, `entry \`${a.text(item)}\` is a spread`);
    const ref = refs.find((r) => r.node === value);
    let replacement: string;
    if (ref) replacement = factory(ref);
    else if (ts.isArrowFunction(value)) continue;
    else if (ts.isIdentifier(value) || ts.isPropertyAccessExpression(value))
      replacement = `() => new ${a.text(value)}()`;
    else return a.refuse(item, `entry \`${a.text(item)}\` is not a class`);
    const target = ts.isShorthandPropertyAssignment(item) ? item : value;
    const text = ts.isShorthandPropertyAssignment(item) ? `${item.name.text}: ${replacement}` : replacement;
    a.edits.push({ start: target.getStart(a.sf), end: target.end, text });
    if (ref) a.units.push({ unit: `${a.site.name}: ${a.text(ref.node)}`, node: value, wireName: ref.cls.wireName });
  }
}

/** Constructor types in the annotation (directly or through a local alias) become factory types. */
function retypeTable(a: TableAnalysis, aliases: ReadonlyMap<string, TS.ConstructorTypeNode>): void {
  const { ts } = a;
  const typeNodes: TS.TypeNode[] = [];
  if (a.site.decl.type) typeNodes.push(a.site.decl.type);
  let init: TS.Node | undefined = a.site.decl.initializer;
  while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) {
    if (!ts.isParenthesizedExpression(init) && !(ts.isTypeReferenceNode(init.type) && a.text(init.type) === "const"))
      typeNodes.push(init.type);
    init = init.expression;
  }
  for (const typeNode of typeNodes) {
    let changed = false;
    const visit = (n: TS.Node): void => {
      if (ts.isConstructorTypeNode(n)) {
        a.edits.push({ start: n.getStart(a.sf), end: n.type.getStart(a.sf), text: factoryHead(a, n) });
        changed = true;
        return;
      }
      if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && aliases.has(n.typeName.text)) {
        const ctor = aliases.get(n.typeName.text) as TS.ConstructorTypeNode;
        const fn = `${factoryHead(a, ctor)}${a.text(ctor.type)}`;
        a.edits.push({
          start: n.getStart(a.sf),
          end: n.end,
          text: ts.isArrayTypeNode(n.parent) ? `(${fn})` : fn,
        });
        changed = true;
        return;
      }
      ts.forEachChild(n, visit);
    };
    visit(typeNode);
    if (!changed)
      a.refuse(
        typeNode,
        `its type \`${a.text(typeNode)}\` has no constructor type the codemod can turn into a factory type`,
      );
  }
}

function factoryHead(a: TableAnalysis, ctor: TS.ConstructorTypeNode): string {
  const params = ctor.parameters.map((p) => a.text(p)).join(", ");
  return `(${params}) => `;
}

/** Local `type X = new (...) => R` aliases, which table annotations may name. */
export function constructorAliases(ts: TypeScriptApi, sf: TS.SourceFile): Map<string, TS.ConstructorTypeNode> {
  const out = new Map<string, TS.ConstructorTypeNode>();
  for (const stmt of sf.statements) {
    if (ts.isTypeAliasDeclaration(stmt) && ts.isConstructorTypeNode(stmt.type)) out.set(stmt.name.text, stmt.type);
  }
  return out;
}

export function planTable(
  ts: TypeScriptApi,
  sf: TS.SourceFile,
  file: string,
  site: TableSite,
  refs: readonly ClassReference[],
  factory: (ref: ClassReference) => string,
  usedElsewhere: (name: string) => string | null,
): TablePlan {
  const a = new TableAnalysis(ts, sf, file, site);
  const statement = site.decl.parent.parent;
  const exported =
    ts.isVariableStatement(statement) &&
    (statement.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const other = exported ? usedElsewhere(site.name) : null;
  if (other) a.refuse(site.decl, `it is exported and used in ${other}, which the codemod does not follow`);
  rewriteEntries(a, refs, factory);
  retypeTable(a, constructorAliases(ts, sf));
  followTableUses(a);
  const refusal = a.refusal;
  if (refusal) return { ok: false, reason: refusal.reason, line: a.line(refusal.node) };
  return { ok: true, edits: a.edits, units: a.units };
}
