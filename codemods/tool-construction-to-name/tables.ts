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

function isNullish(ts: TypeScriptApi, node: TS.Node): boolean {
  return node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === "undefined");
}

class TableAnalysis {
  readonly edits: TextEdit[] = [];
  readonly units: TableUnit[] = [];
  private blocked: { reason: string; node: TS.Node } | null = null;

  constructor(
    private readonly ts: TypeScriptApi,
    private readonly sf: TS.SourceFile,
    private readonly file: string,
    private readonly site: TableSite,
  ) {}

  refuse(node: TS.Node, why: string): void {
    if (this.blocked) return;
    const line = this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1;
    this.blocked = {
      node,
      reason: `constructor table ${this.site.name}: ${why} (${this.file}:${line}); the table is left as it is`,
    };
  }

  get refusal(): { reason: string; node: TS.Node } | null {
    return this.blocked;
  }

  private text(node: TS.Node): string {
    return node.getText(this.sf);
  }

  line(node: TS.Node): number {
    return this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1;
  }

  entries(refs: readonly ClassReference[], factory: (ref: ClassReference) => string): void {
    const ts = this.ts;
    const entryValue = (e: TS.Node): TS.Node | null =>
      ts.isPropertyAssignment(e)
        ? e.initializer
        : ts.isShorthandPropertyAssignment(e)
          ? e.name
          : ts.isSpreadElement(e) || ts.isSpreadAssignment(e)
            ? null
            : e;
    const items: readonly TS.Node[] = ts.isArrayLiteralExpression(this.site.literal)
      ? this.site.literal.elements
      : this.site.literal.properties;
    for (const item of items) {
      const value = entryValue(item);
      if (!value) return this.refuse(item, `entry \`${this.text(item)}\` is a spread`);
      const ref = refs.find((r) => r.node === value);
      let replacement: string;
      if (ref) replacement = factory(ref);
      else if (ts.isArrowFunction(value)) continue;
      else if (ts.isIdentifier(value) || ts.isPropertyAccessExpression(value))
        replacement = `() => new ${this.text(value)}()`;
      else return this.refuse(item, `entry \`${this.text(item)}\` is not a class`);
      const target = ts.isShorthandPropertyAssignment(item) ? item : value;
      const text = ts.isShorthandPropertyAssignment(item) ? `${item.name.text}: ${replacement}` : replacement;
      this.edits.push({ start: target.getStart(this.sf), end: target.end, text });
      if (ref)
        this.units.push({ unit: `${this.site.name}: ${this.text(ref.node)}`, node: value, wireName: ref.cls.wireName });
    }
  }

  /** Constructor types in the annotation (directly or through a local alias) become factory types. */
  retype(aliases: ReadonlyMap<string, TS.ConstructorTypeNode>): void {
    const ts = this.ts;
    const typeNodes: TS.TypeNode[] = [];
    if (this.site.decl.type) typeNodes.push(this.site.decl.type);
    let init: TS.Node | undefined = this.site.decl.initializer;
    while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) {
      if (
        !ts.isParenthesizedExpression(init) &&
        !(ts.isTypeReferenceNode(init.type) && this.text(init.type) === "const")
      )
        typeNodes.push(init.type);
      init = init.expression;
    }
    for (const typeNode of typeNodes) {
      let changed = false;
      const visit = (n: TS.Node): void => {
        if (ts.isConstructorTypeNode(n)) {
          this.edits.push({ start: n.getStart(this.sf), end: n.type.getStart(this.sf), text: this.factoryHead(n) });
          changed = true;
          return;
        }
        if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && aliases.has(n.typeName.text)) {
          const ctor = aliases.get(n.typeName.text) as TS.ConstructorTypeNode;
          const fn = `${this.factoryHead(ctor)}${this.text(ctor.type)}`;
          this.edits.push({
            start: n.getStart(this.sf),
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
        this.refuse(
          typeNode,
          `its type \`${this.text(typeNode)}\` has no constructor type the codemod can turn into a factory type`,
        );
    }
  }

  private factoryHead(ctor: TS.ConstructorTypeNode): string {
    const params = ctor.parameters.map((p) => this.text(p)).join(", ");
    return `(${params}) => `;
  }

  /** Every use of the table in the file; values may only flow into `new`. */
  uses(): void {
    const ts = this.ts;
    const name = this.site.name;
    const visit = (n: TS.Node): void => {
      if (
        ts.isIdentifier(n) &&
        n.text === name &&
        n !== this.site.decl.name &&
        !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)
      )
        this.use(n);
      ts.forEachChild(n, visit);
    };
    visit(this.sf);
  }

  private use(u: TS.Identifier): void {
    const ts = this.ts;
    const p = u.parent;
    if (ts.isExportSpecifier(p) || ts.isTypeQueryNode(p)) return;
    if (ts.isPropertyAccessExpression(p) && p.expression === u) {
      const member = p.name.text;
      if (member === "length") return;
      if (["map", "forEach", "flatMap"].includes(member) && ts.isCallExpression(p.parent) && p.parent.expression === p)
        return this.callback(p.parent, false);
      return this.single(p);
    }
    if (ts.isElementAccessExpression(p) && p.expression === u) return this.single(p);
    if (ts.isBinaryExpression(p) && p.right === u && p.operatorToken.kind === ts.SyntaxKind.InKeyword) return;
    if (ts.isForOfStatement(p) && p.expression === u) return this.loopVar(p, false);
    if (ts.isCallExpression(p) && p.arguments.includes(u)) {
      const callee = this.text(p.expression);
      if (["Object.keys", "Object.hasOwn", "Object.getOwnPropertyNames"].includes(callee)) return;
      if (callee === "Object.values") return this.iterable(p, false);
      if (callee === "Object.entries") return this.iterable(p, true);
    }
    if (ts.isSpreadElement(p) && ts.isArrayLiteralExpression(p.parent)) {
      const others = p.parent.elements.filter((e) => e !== p);
      if (others.length > 0) {
        return this.refuse(
          p.parent,
          `its values are combined with \`${others.map((o) => this.text(o)).join(", ")}\`, which the codemod cannot turn into factories; convert those to factories by hand, then re-run`,
        );
      }
      return this.iterable(p.parent, false);
    }
    this.refuse(u, `it is used as \`${this.text(p)}\`, which the codemod cannot follow to a construction`);
  }

  private iterable(node: TS.Expression, entries: boolean): void {
    const ts = this.ts;
    const p = node.parent;
    if (ts.isForOfStatement(p) && p.expression === node) return this.loopVar(p, entries);
    if (
      ts.isPropertyAccessExpression(p) &&
      ["map", "forEach", "flatMap"].includes(p.name.text) &&
      ts.isCallExpression(p.parent)
    )
      return this.callback(p.parent, entries);
    this.refuse(node, `its values are used as \`${this.text(p)}\`, which the codemod cannot follow to a construction`);
  }

  private binding(name: TS.BindingName, entries: boolean): TS.Identifier | null {
    const ts = this.ts;
    if (!entries) return ts.isIdentifier(name) ? name : null;
    if (!ts.isArrayBindingPattern(name)) return null;
    const second = name.elements[1];
    return second && ts.isBindingElement(second) && ts.isIdentifier(second.name) ? second.name : null;
  }

  private loopVar(loop: TS.ForOfStatement, entries: boolean): void {
    const init = loop.initializer;
    const decl = this.ts.isVariableDeclarationList(init) ? init.declarations[0] : undefined;
    const v = decl ? this.binding(decl.name, entries) : null;
    if (!v) return this.refuse(loop, "its loop variable is not a plain binding");
    this.variable(v, loop.statement);
  }

  private callback(call: TS.CallExpression, entries: boolean): void {
    const fn = call.arguments[0];
    if (!fn || !(this.ts.isArrowFunction(fn) || this.ts.isFunctionExpression(fn)))
      return this.refuse(call, "its values are passed to a callback the codemod cannot see");
    const param = fn.parameters[0];
    const v = param ? this.binding(param.name, entries) : null;
    if (!v) return this.refuse(call, "its callback parameter is not a plain binding");
    this.variable(v, fn.body);
  }

  /** One value taken out of the table (`T[k]`, `T.x`). */
  private single(source: TS.Expression): void {
    const ts = this.ts;
    let node: TS.Node = source;
    while (
      ts.isParenthesizedExpression(node.parent) ||
      ts.isNonNullExpression(node.parent) ||
      ts.isAsExpression(node.parent)
    )
      node = node.parent;
    const p = node.parent;
    if (ts.isNewExpression(p) && p.expression === node) return this.hydrate(p);
    if (
      ts.isBinaryExpression(p) &&
      p.left === node &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(p.operatorToken.kind)
    ) {
      if (!isNullish(ts, p.right))
        return this.refuse(
          p,
          `a value taken from it is mixed with \`${this.text(p.right)}\`, which the codemod cannot turn into a factory`,
        );
      node = p;
    }
    const decl = node.parent;
    if (ts.isVariableDeclaration(decl) && decl.initializer === node && ts.isIdentifier(decl.name)) {
      const scope = decl.parent.parent.parent;
      return this.variable(decl.name, scope);
    }
    if (ts.isBinaryExpression(p) || ts.isPrefixUnaryExpression(p) || ts.isIfStatement(p)) return;
    this.refuse(
      source,
      `a value taken from it is used as \`${this.text(node.parent)}\`, which the codemod cannot follow to a construction`,
    );
  }

  private variable(v: TS.Identifier, scope: TS.Node): void {
    const ts = this.ts;
    const visit = (n: TS.Node): void => {
      if (
        ts.isIdentifier(n) &&
        n.text === v.text &&
        n !== v &&
        !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)
      )
        this.valueUse(n);
      ts.forEachChild(n, visit);
    };
    visit(scope);
  }

  private valueUse(n: TS.Identifier): void {
    const ts = this.ts;
    const p = n.parent;
    if (ts.isNewExpression(p) && p.expression === n) return this.hydrate(p);
    if (ts.isPrefixUnaryExpression(p) || ts.isIfStatement(p) || (ts.isConditionalExpression(p) && p.condition === n))
      return;
    if (ts.isBinaryExpression(p) && p.left === n) {
      const op = p.operatorToken.kind;
      if ([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken].includes(op)) return;
      if (
        [
          ts.SyntaxKind.EqualsEqualsEqualsToken,
          ts.SyntaxKind.ExclamationEqualsEqualsToken,
          ts.SyntaxKind.EqualsEqualsToken,
          ts.SyntaxKind.ExclamationEqualsToken,
        ].includes(op) &&
        isNullish(ts, p.right)
      )
        return;
    }
    this.refuse(n, `\`${n.text}\` (a value from it) is used as \`${this.text(p)}\`, not only constructed`);
  }

  private hydrate(expr: TS.NewExpression): void {
    const start = expr.getStart(this.sf);
    this.edits.push({ start, end: expr.expression.getStart(this.sf), text: "" });
    if (!expr.arguments) this.edits.push({ start: expr.end, end: expr.end, text: "()" });
    const callee = this.text(expr.expression);
    this.units.push({ unit: `hydration: new ${callee}() → ${callee}()`, node: expr });
  }
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
  a.entries(refs, factory);
  a.retype(constructorAliases(ts, sf));
  a.uses();
  const refusal = a.refusal;
  if (refusal) return { ok: false, reason: refusal.reason, line: a.line(refusal.node) };
  return { ok: true, edits: a.edits, units: a.units };
}
