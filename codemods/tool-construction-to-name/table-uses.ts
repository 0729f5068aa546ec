/**
 * Follows every use of a constructor table's values through its file: each value must end in a
 * construction (`new T[k]()`, a loop or callback variable that is only constructed, null-tested
 * or truth-tested). Those constructions become calls; any other use refuses the table.
 */
import type TS from "typescript";
import type { TypeScriptApi } from "../shared/parse.js";
import type { TableAnalysis } from "./table-analysis.js";

export function followTableUses(a: TableAnalysis): void {
  new TableUses(a).all();
}

function isNullish(ts: TypeScriptApi, node: TS.Node): boolean {
  return node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === "undefined");
}

class TableUses {
  constructor(private readonly a: TableAnalysis) {}

  /** Every use of the table in the file; values may only flow into `new`. */
  all(): void {
    const ts = this.a.ts;
    const name = this.a.site.name;
    const visit = (n: TS.Node): void => {
      if (
        ts.isIdentifier(n) &&
        n.text === name &&
        n !== this.a.site.decl.name &&
        !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)
      )
        this.use(n);
      ts.forEachChild(n, visit);
    };
    visit(this.a.sf);
  }

  private use(u: TS.Identifier): void {
    const ts = this.a.ts;
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
      const callee = this.a.text(p.expression);
      if (["Object.keys", "Object.hasOwn", "Object.getOwnPropertyNames"].includes(callee)) return;
      if (callee === "Object.values") return this.iterable(p, false);
      if (callee === "Object.entries") return this.iterable(p, true);
    }
    if (ts.isSpreadElement(p) && ts.isArrayLiteralExpression(p.parent)) {
      const others = p.parent.elements.filter((e) => e !== p);
      if (others.length > 0) {
        return this.a.refuse(
          p.parent,
          `its values are combined with \`${others.map((o) => this.a.text(o)).join(", ")}\`, which the codemod cannot turn into factories; convert those to factories by hand, then re-run`,
        );
      }
      return this.iterable(p.parent, false);
    }
    this.a.refuse(u, `it is used as \`${this.a.text(p)}\`, which the codemod cannot follow to a construction`);
  }

  private iterable(node: TS.Expression, entries: boolean): void {
    const ts = this.a.ts;
    const p = node.parent;
    if (ts.isForOfStatement(p) && p.expression === node) return this.loopVar(p, entries);
    if (
      ts.isPropertyAccessExpression(p) &&
      ["map", "forEach", "flatMap"].includes(p.name.text) &&
      ts.isCallExpression(p.parent)
    )
      return this.callback(p.parent, entries);
    this.a.refuse(
      node,
      `its values are used as \`${this.a.text(p)}\`, which the codemod cannot follow to a construction`,
    );
  }

  private binding(name: TS.BindingName, entries: boolean): TS.Identifier | null {
    const ts = this.a.ts;
    if (!entries) return ts.isIdentifier(name) ? name : null;
    if (!ts.isArrayBindingPattern(name)) return null;
    const second = name.elements[1];
    return second && ts.isBindingElement(second) && ts.isIdentifier(second.name) ? second.name : null;
  }

  private loopVar(loop: TS.ForOfStatement, entries: boolean): void {
    const init = loop.initializer;
    const decl = this.a.ts.isVariableDeclarationList(init) ? init.declarations[0] : undefined;
    const v = decl ? this.binding(decl.name, entries) : null;
    if (!v) return this.a.refuse(loop, "its loop variable is not a plain binding");
    this.variable(v, loop.statement);
  }

  private callback(call: TS.CallExpression, entries: boolean): void {
    const fn = call.arguments[0];
    if (!fn || !(this.a.ts.isArrowFunction(fn) || this.a.ts.isFunctionExpression(fn)))
      return this.a.refuse(call, "its values are passed to a callback the codemod cannot see");
    const param = fn.parameters[0];
    const v = param ? this.binding(param.name, entries) : null;
    if (!v) return this.a.refuse(call, "its callback parameter is not a plain binding");
    this.variable(v, fn.body);
  }

  /** One value taken out of the table (`T[k]`, `T.x`). */
  private single(source: TS.Expression): void {
    const ts = this.a.ts;
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
        return this.a.refuse(
          p,
          `a value taken from it is mixed with \`${this.a.text(p.right)}\`, which the codemod cannot turn into a factory`,
        );
      node = p;
    }
    const decl = node.parent;
    if (ts.isVariableDeclaration(decl) && decl.initializer === node && ts.isIdentifier(decl.name)) {
      const scope = decl.parent.parent.parent;
      return this.variable(decl.name, scope);
    }
    if (ts.isBinaryExpression(p) || ts.isPrefixUnaryExpression(p) || ts.isIfStatement(p)) return;
    this.a.refuse(
      source,
      `a value taken from it is used as \`${this.a.text(node.parent)}\`, which the codemod cannot follow to a construction`,
    );
  }

  private variable(v: TS.Identifier, scope: TS.Node): void {
    const ts = this.a.ts;
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
    const ts = this.a.ts;
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
    this.a.refuse(n, `\`${n.text}\` (a value from it) is used as \`${this.a.text(p)}\`, not only constructed`);
  }

  private hydrate(expr: TS.NewExpression): void {
    const start = expr.getStart(this.a.sf);
    this.a.edits.push({ start, end: expr.expression.getStart(this.a.sf), text: "" });
    if (!expr.arguments) this.a.edits.push({ start: expr.end, end: expr.end, text: "()" });
    const callee = this.a.text(expr.expression);
    this.a.units.push({ unit: `hydration: new ${callee}() → ${callee}()`, node: expr });
  }
}
