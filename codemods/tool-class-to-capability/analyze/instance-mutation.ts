/**
 * Per-instance objects written after construction. A field the constructor fills with a fresh
 * object or array (`this.state = { count: 0 }`, `seen: string[] = []`) is rebuilt on every call
 * once it moves into the impl, so any write into it would no longer be seen by the next call.
 * Writes count through `this.<field>` chains and through local aliases of them (`const s =
 * this.state; s.count++`, `const { tags } = this.state`, `t = this.totals`, `for (const item of
 * this.items)`), transitively; rebinding a local that held a primitive read (`let n = s.max;
 * n++`) is not a write into the object.
 */
import { Node, SyntaxKind, type ClassDeclaration, type Identifier } from "ts-morph";
import { identifiersNamed } from "../../shared/compiler-walk.js";

const MUTATORS = new Set([
  "push",
  "pop",
  "shift",
  "unshift",
  "splice",
  "sort",
  "reverse",
  "fill",
  "copyWithin",
  "set",
  "delete",
  "clear",
  "add",
]);

const ASSIGNMENT = /^(=|[-+*/%&|^]=|\*\*=|<<=|>>>?=|&&=|\|\|=|\?\?=)$/;

export interface InstanceWrite {
  readonly field: string;
  readonly line: number;
  readonly text: string;
}

/** Wrappers that keep the same object: `(x)`, `x!`, `x as T`, `x satisfies T`. */
function isTransparent(node: Node): boolean {
  return (
    Node.isParenthesizedExpression(node) ||
    Node.isNonNullExpression(node) ||
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node)
  );
}

/** The identifiers a binding name declares (`s`, or each name of `{ a, b: [c] }`). */
function boundNames(name: Node): Identifier[] {
  if (Node.isIdentifier(name)) return [name];
  if (Node.isObjectBindingPattern(name) || Node.isArrayBindingPattern(name))
    return name.getElements().flatMap((e) => (Node.isBindingElement(e) ? boundNames(e.getNameNode()) : []));
  return [];
}

/** Later uses of a local in the class (same symbol, not the declaration itself). */
function usesOf(cls: ClassDeclaration, name: Identifier): Identifier[] {
  const symbol = name.getSymbol();
  if (!symbol) return [];
  return identifiersNamed(cls, name.getText()).filter((id) => id !== name && id.getSymbol() === symbol);
}

/**
 * The first write into the object `start` evaluates to, following aliases. `start` is a
 * `this.<field>` access or a use of a local that holds (part of) that object.
 */
function writeThrough(cls: ClassDeclaration, field: string, start: Node, seen: Set<Node>): InstanceWrite | null {
  const found = (node: Node, text: Node): InstanceWrite => ({
    field,
    line: node.getStartLineNumber(),
    text: text.getText().slice(0, 60),
  });
  let top: Node = start;
  let member = false;
  for (let up = top.getParent(); up; up = top.getParent()) {
    if (isTransparent(up)) {
      top = up;
      continue;
    }
    if ((Node.isPropertyAccessExpression(up) || Node.isElementAccessExpression(up)) && up.getExpression() === top) {
      if (Node.isPropertyAccessExpression(up) && MUTATORS.has(up.getName())) {
        const call = up.getParent();
        if (Node.isCallExpression(call) && call.getExpression() === up) return found(up, call);
      }
      top = up;
      member = true;
      continue;
    }
    break;
  }
  const parent = top.getParent();
  if (!parent) return null;
  // A write into the object: through a member (`s.count++`), never the alias itself (`n++`).
  if (member) {
    const written =
      (Node.isBinaryExpression(parent) &&
        parent.getLeft() === top &&
        ASSIGNMENT.test(parent.getOperatorToken().getText())) ||
      Node.isPrefixUnaryExpression(parent) ||
      Node.isPostfixUnaryExpression(parent) ||
      Node.isDeleteExpression(parent);
    if (written && !(Node.isPrefixUnaryExpression(parent) && !isIncrement(parent.getOperatorToken())))
      return found(top, parent);
  }
  if (
    Node.isCallExpression(parent) &&
    parent.getArguments()[0] === top &&
    /^Object\.assign$/.test(parent.getExpression().getText())
  )
    return found(parent, parent);
  const aliases: Identifier[] = [];
  if (Node.isVariableDeclaration(parent) && parent.getInitializer() === top)
    aliases.push(...boundNames(parent.getNameNode()));
  if (
    Node.isBinaryExpression(parent) &&
    parent.getRight() === top &&
    parent.getOperatorToken().getText() === "=" &&
    Node.isIdentifier(parent.getLeft())
  ) {
    const left = parent.getLeft() as Identifier;
    const decl = left.getSymbol()?.getValueDeclaration();
    if (decl && Node.isVariableDeclaration(decl)) aliases.push(...boundNames(decl.getNameNode()));
  }
  if (Node.isForOfStatement(parent) && parent.getExpression() === top) {
    const init = parent.getInitializer();
    if (Node.isVariableDeclarationList(init))
      for (const d of init.getDeclarations()) aliases.push(...boundNames(d.getNameNode()));
  }
  for (const alias of aliases) {
    for (const use of usesOf(cls, alias)) {
      if (seen.has(use)) continue;
      seen.add(use);
      const w = writeThrough(cls, field, use, seen);
      if (w) return w;
    }
  }
  return null;
}

function isIncrement(op: SyntaxKind): boolean {
  return op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken;
}

/** The first write into `this.<field>` (directly or through an alias) for fields in `fields`. */
export function mutatedFields(cls: ClassDeclaration, fields: ReadonlySet<string>): InstanceWrite | null {
  if (!fields.size) return null;
  const seen = new Set<Node>();
  for (const pa of cls.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
    if (pa.getExpression().getKind() !== SyntaxKind.ThisKeyword || !fields.has(pa.getName())) continue;
    const w = writeThrough(cls, pa.getName(), pa, seen);
    if (w) return w;
  }
  return null;
}
