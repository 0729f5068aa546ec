/**
 * Whether a top-level `const` a spec needs is plain data, so it can move into the namespace's
 * shared constants module (emit/shared-file.ts) instead of refusing the class: literals, arrays
 * and objects of them, `as const` / `satisfies` / type assertions, other such constants of the
 * same file (which then move with it, transitively) and zod schema expressions — zod being the
 * one package a specs file may import values from, and what emit already hoists into specs
 * files. Anything else (a call, `new`, a function, a class, an import other than zod, a local
 * type) is not data: such a constant keeps refusing with SHARED_SPEC_CONSTANT.
 */
import { Node, SyntaxKind, VariableDeclarationKind, type SourceFile, type Statement } from "ts-morph";
import { resolveRef } from "./resolve.js";
import { referenceIdentifiers } from "./rewrite-body.js";

/** Packages whose value imports a data-only constant may use (seam.specs.allowedPackages' default). */
const DATA_PACKAGES = new Set(["zod"]);

const LITERAL_KINDS = new Set([
  SyntaxKind.StringLiteral,
  SyntaxKind.NumericLiteral,
  SyntaxKind.BigIntLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
]);

type Lookup = (id: Node) => { kind: "zod" } | { kind: "const"; stmt: Statement } | { kind: "none" } | { kind: "other" };

/** The identifier at the root of `a.b().c(...)`, if the chain is only calls and property reads. */
function chainRoot(node: Node): Node | undefined {
  let cur: Node = node;
  for (;;) {
    if (
      Node.isCallExpression(cur) ||
      Node.isPropertyAccessExpression(cur) ||
      Node.isNonNullExpression(cur) ||
      Node.isParenthesizedExpression(cur)
    )
      cur = cur.getExpression();
    else return Node.isIdentifier(cur) ? cur : undefined;
  }
}

/** A zod schema expression: a call chain rooted at a zod import or at a constant that is one. */
function isZodChain(node: Node, lookup: Lookup, seen: Set<Statement>): boolean {
  const root = chainRoot(node);
  if (!root) return false;
  const r = lookup(root);
  if (r.kind === "zod") return true;
  if (r.kind !== "const" || seen.has(r.stmt) || !Node.isVariableStatement(r.stmt)) return false;
  seen.add(r.stmt);
  return r.stmt.getDeclarations().every((d) => {
    const init = d.getInitializer();
    return (
      !!init && (Node.isCallExpression(init) || Node.isPropertyAccessExpression(init)) && isZodChain(init, lookup, seen)
    );
  });
}

/** Structural check of an initializer; local constants it names are collected into `deps`. */
function isDataExpression(node: Node, lookup: Lookup, deps: Set<Statement>): boolean {
  const data = (n: Node | undefined): boolean => !!n && isDataExpression(n, lookup, deps);
  if (LITERAL_KINDS.has(node.getKind())) return true;
  if (Node.isTemplateExpression(node)) return node.getTemplateSpans().every((s) => data(s.getExpression()));
  if (Node.isPrefixUnaryExpression(node)) return data(node.getOperand());
  if (Node.isArrayLiteralExpression(node))
    return node
      .getElements()
      .every((e) => (Node.isSpreadElement(e) ? data(e.getExpression()) : Node.isOmittedExpression(e) || data(e)));
  if (Node.isObjectLiteralExpression(node)) {
    return node.getProperties().every((p) => {
      if (Node.isPropertyAssignment(p)) {
        const name = p.getNameNode();
        return (!Node.isComputedPropertyName(name) || data(name.getExpression())) && data(p.getInitializer());
      }
      if (Node.isShorthandPropertyAssignment(p)) return data(p.getNameNode());
      if (Node.isSpreadAssignment(p)) return data(p.getExpression());
      return false; // methods and accessors are code
    });
  }
  if (
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node) ||
    Node.isTypeAssertion(node) ||
    Node.isParenthesizedExpression(node) ||
    Node.isNonNullExpression(node)
  )
    return data(node.getExpression());
  if (Node.isPropertyAccessExpression(node)) return data(node.getExpression());
  if (Node.isElementAccessExpression(node)) return data(node.getExpression()) && data(node.getArgumentExpression());
  if (Node.isIdentifier(node)) {
    if (node.getText() === "undefined") return true;
    const r = lookup(node);
    if (r.kind === "zod") return true;
    if (r.kind !== "const") return false;
    deps.add(r.stmt);
    return true;
  }
  if (Node.isCallExpression(node)) {
    if (!isZodChain(node, lookup, new Set())) return false;
    // The chain's arguments (`z.object({ a: z.string() })`, `.describe("x")`) must be data too.
    for (
      let cur: Node = node;
      !Node.isIdentifier(cur);
      cur = (cur as Node & { getExpression(): Node }).getExpression()
    ) {
      if (Node.isCallExpression(cur) && !cur.getArguments().every((a) => data(a))) return false;
    }
    const root = chainRoot(node);
    if (root) data(root); // records a root constant as a dependency
    return true;
  }
  return false;
}

/**
 * The statements that must move for `stmt` to move (itself included, source order not
 * guaranteed), or null when it, or any constant it needs, is not data only.
 */
export function dataOnlyClosure(stmt: Statement, sf: SourceFile): Set<Statement> | null {
  const lookup: Lookup = (id) => {
    if (!Node.isIdentifier(id)) return { kind: "other" };
    const r = resolveRef(id, sf);
    if (!r) return id.getSymbol() ? { kind: "none" } : { kind: "other" };
    if (r.kind === "import")
      return DATA_PACKAGES.has(r.decl.getModuleSpecifierValue()) && !r.typeOnly ? { kind: "zod" } : { kind: "other" };
    return { kind: "const", stmt: r.stmt };
  };
  const out = new Set<Statement>();
  const queue = [stmt];
  while (queue.length) {
    const s = queue.pop() as Statement;
    if (out.has(s)) continue;
    if (
      !Node.isVariableStatement(s) ||
      s.getDeclarationKind() !== VariableDeclarationKind.Const ||
      s.hasDeclareKeyword()
    )
      return null;
    const deps = new Set<Statement>();
    for (const d of s.getDeclarations()) {
      const init = d.getInitializer();
      if (!Node.isIdentifier(d.getNameNode()) || !init || !isDataExpression(init, lookup, deps)) return null;
    }
    // Type annotations and assertions may name only global or lib types (a local or imported
    // type would have to move or be imported too); zod's `z.infer` etc. are fine.
    for (const id of referenceIdentifiers(s)) {
      const r = resolveRef(id, sf);
      if (!r) continue;
      if (
        r.kind === "import" ? !DATA_PACKAGES.has(r.decl.getModuleSpecifierValue()) : r.stmt !== s && !deps.has(r.stmt)
      )
        return null;
    }
    out.add(s);
    for (const d of deps) if (d !== s) queue.push(d);
  }
  return out;
}
