/**
 * Whether a constructor expression may move into the impl, where it is evaluated on every call
 * instead of once: side-effect free (isPureValue), and whether it makes a new object each time
 * (allocates). Used by constructor-deps.ts and parameter-fields.ts. An environment read
 * (`getEnvironmentVariable("X")` from LangChain's env helper, `process.env.X`) counts as a read:
 * a secret a constructor read from the environment is then read on each call, as a host that
 * rotates it expects.
 */
import { Node, SyntaxKind, type CallExpression } from "ts-morph";

/** Modules whose `getEnvironmentVariable(name)` only reads `process.env` (or Deno's, a worker's). */
const ENV_MODULES = new Set(["@langchain/core/utils/env", "langchain/util/env"]);

/** `getEnvironmentVariable("X")` imported from LangChain's env helper: a read of the environment. */
export function isEnvironmentRead(node: Node): node is CallExpression {
  if (!Node.isCallExpression(node)) return false;
  const callee = node.getExpression();
  const args = node.getArguments();
  if (!Node.isIdentifier(callee) || args.length !== 1 || !Node.isStringLiteral(args[0])) return false;
  const decl = callee.getSymbol()?.getDeclarations()[0];
  if (!Node.isImportSpecifier(decl)) return false;
  return (
    decl.getName() === "getEnvironmentVariable" &&
    ENV_MODULES.has(decl.getImportDeclaration().getModuleSpecifierValue())
  );
}

const PURE_BINARY = new Set([
  "??",
  "||",
  "&&",
  "+",
  "-",
  "*",
  "/",
  "%",
  "===",
  "!==",
  "==",
  "!=",
  "<",
  ">",
  "<=",
  ">=",
]);

/**
 * Side-effect free; `allowLiterals`: object/array literals of such values (a fresh one per call,
 * see mutatedFields); `allowed`: further nodes the caller resolves itself (constructor-statements.ts
 * passes its `this.x` reads).
 */
export function isPureValue(node: Node, allowLiterals = false, allowed?: (n: Node) => boolean): boolean {
  const pure = (n: Node): boolean => isPureValue(n, allowLiterals, allowed);
  if (allowed?.(node) || isEnvironmentRead(node)) return true;
  if (allowLiterals && Node.isArrayLiteralExpression(node)) return node.getElements().every(pure);
  if (allowLiterals && Node.isObjectLiteralExpression(node))
    return node
      .getProperties()
      .every(
        (p) =>
          Node.isPropertyAssignment(p) &&
          !Node.isComputedPropertyName(p.getNameNode()) &&
          pure(p.getInitializerOrThrow()),
      );
  if (
    Node.isStringLiteral(node) ||
    Node.isNumericLiteral(node) ||
    Node.isNoSubstitutionTemplateLiteral(node) ||
    Node.isBigIntLiteral(node)
  )
    return true;
  if (Node.isTrueLiteral(node) || Node.isFalseLiteral(node) || Node.isNullLiteral(node) || Node.isIdentifier(node))
    return true;
  if (Node.isPropertyAccessExpression(node))
    return node.getExpression().getKind() !== SyntaxKind.ThisKeyword && pure(node.getExpression());
  if (Node.isElementAccessExpression(node))
    return pure(node.getExpression()) && pure(node.getArgumentExpressionOrThrow());
  if (
    Node.isParenthesizedExpression(node) ||
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node) ||
    Node.isNonNullExpression(node)
  )
    return pure(node.getExpression());
  if (Node.isBinaryExpression(node))
    return PURE_BINARY.has(node.getOperatorToken().getText()) && pure(node.getLeft()) && pure(node.getRight());
  if (Node.isConditionalExpression(node))
    return [node.getCondition(), node.getWhenTrue(), node.getWhenFalse()].every(pure);
  if (Node.isPrefixUnaryExpression(node))
    return (
      [SyntaxKind.MinusToken, SyntaxKind.PlusToken, SyntaxKind.ExclamationToken].includes(node.getOperatorToken()) &&
      pure(node.getOperand())
    );
  if (Node.isTemplateExpression(node)) return node.getTemplateSpans().every((s) => pure(s.getExpression()));
  return false;
}

/** Whether evaluating `expr` makes a new object or array (a literal anywhere in it). */
export function allocates(expr: Node | undefined): boolean {
  if (!expr) return false;
  return (
    Node.isObjectLiteralExpression(expr) ||
    Node.isArrayLiteralExpression(expr) ||
    expr.getDescendants().some((d) => Node.isObjectLiteralExpression(d) || Node.isArrayLiteralExpression(d))
  );
}
