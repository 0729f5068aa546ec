/**
 * Rewrites one moved piece of a class (process body, a private method, userMessage) as text for
 * its new home: `this.name` → the literal, constructor fields → `run.<field>`, private methods →
 * module functions, `this.process(ctx, x)` → the impl again, the context parameter →
 * `run.context`, `Tool.extractMessage` dropped and `super.userMessage` → the default message.
 * Anything else `this` does is a refusal (this-edits.ts). Also returns the identifiers the
 * text still uses that may name a top-level binding of the file.
 */
import { Node, SyntaxKind, ts, type Identifier, type Symbol as MorphSymbol } from "ts-morph";
import {
  compilerDescendantsOfKind,
  descendantsOfKind,
  identifiersNamed,
  wrapperOf,
} from "../../shared/compiler-walk.js";
import { refuse } from "./class-refusals.js";
import { namesBoundAtTopLevel } from "../../shared/top-level-names.js";
import { spliceRange, type TextEdit } from "../../shared/splice.js";
import { frozenLinesOf, reindent } from "./text-edits.js";
import { thisEdits } from "./this-edits.js";
import { endLineOf, startLineOf } from "../../shared/line-number.js";

export interface HelperRef {
  readonly fnName: string;
  needsRun: boolean;
}

export interface RewriteScope {
  readonly file: string;
  readonly wireName: string;
  readonly specVar: string;
  /** Name the impl is reachable by for `this.process(...)` recursion. */
  readonly implName: string;
  /** The run method a recursive `this.<runMethod>(...)` names (process, LangChain's _call, …). */
  readonly runMethod: string;
  /** Its input is LangChain's one string: `this._call(s)` recurses as `impl(run, { input: s })`. */
  readonly stringInput: boolean;
  /** Class field → the expression over the run that replaces `this.<field>` (constructor dependencies). */
  readonly depFields: ReadonlyMap<string, string>;
  readonly helpers: ReadonlyMap<string, HelperRef>;
  /**
   * The process context parameter's symbol (rewritten to run.context); undefined elsewhere.
   * Asked only when the piece mentions its name: the first symbol of a file makes the checker
   * bind the whole file, which costs about half its syntax tree again.
   */
  readonly contextSymbol?: () => MorphSymbol | undefined;
  readonly contextName?: string;
  /** "spec" = userMessage: only this.name, extractMessage and the super fallback are allowed. */
  readonly mode: "impl" | "spec";
  /** Local name of the Tool base class (for `Tool.extractMessage`). */
  readonly baseName: string;
  /** False when `super.userMessage` would reach a flattened intermediate's userMessage. */
  readonly superMessageIsDefault?: boolean;
}

export interface RewrittenText {
  readonly text: string;
  /** Uses `run` (so a helper needs it as a parameter). */
  readonly usesRun: boolean;
  readonly recursive: boolean;
  /** The identifiers the text still uses that are spelt like a top-level name of the file. */
  readonly identifiers: Identifier[];
}

function lineOf(node: Node): number {
  return startLineOf(node);
}

function extractMessageEdits(root: Node, scope: RewriteScope, edits: TextEdit[]): void {
  for (const call of root.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (
      !Node.isPropertyAccessExpression(callee) ||
      callee.getName() !== "extractMessage" ||
      callee.getExpression().getText() !== scope.baseName
    )
      continue;
    const parent = call.getParentOrThrow();
    if (
      Node.isBinaryExpression(parent) &&
      parent.getLeft() === call &&
      ["??", "||"].includes(parent.getOperatorToken().getText())
    ) {
      edits.push({ start: parent.getStart(), end: parent.getRight().getStart(), text: "" });
      continue;
    }
    const decl = call.getParentIfKind(SyntaxKind.VariableDeclaration);
    const stmt = decl
      ?.getParentIfKind(SyntaxKind.VariableDeclarationList)
      ?.getParentIfKind(SyntaxKind.VariableStatement);
    const name = decl?.getName();
    if (stmt && name && stmt.getDeclarations().length === 1) {
      const guard = stmt.getNextSiblingIfKind(SyntaxKind.IfStatement);
      const cond = guard?.getExpression().getText();
      const then = guard
        ?.getThenStatement()
        .getText()
        .replace(/[{};\s]/g, "");
      if (guard && cond === name && then === `return${name}` && !guard.getElseStatement()) {
        edits.push({ start: stmt.getFullStart(), end: guard.getEnd(), text: "" });
        continue;
      }
    }
    refuse(
      "unsupported-shape",
      scope.file,
      lineOf(call),
      `${scope.baseName}.extractMessage is used in a way the codemod does not recognise`,
      `write it as \`return ${scope.baseName}.extractMessage(params) ?? <message>\`; the runtime resolves _message first`,
    );
  }
}

function superEdits(root: Node, scope: RewriteScope, edits: TextEdit[]): void {
  for (const kw of descendantsOfKind<Node>(root, SyntaxKind.SuperKeyword)) {
    const pa = kw.getParentIfKind(SyntaxKind.PropertyAccessExpression);
    const call = pa?.getParentIfKind(SyntaxKind.CallExpression);
    if (
      scope.mode === "spec" &&
      pa &&
      call &&
      pa.getName() === "userMessage" &&
      scope.superMessageIsDefault === false
    ) {
      refuse(
        "super-call",
        scope.file,
        lineOf(kw),
        "`super.userMessage(...)` calls the userMessage of the intermediate base being flattened",
        "inline the intermediate's message into this userMessage (or drop this override)",
      );
    }
    if (scope.mode === "spec" && pa && call && pa.getName() === "userMessage") {
      edits.push({ start: call.getStart(), end: call.getEnd(), text: JSON.stringify(`Running ${scope.wireName}`) });
      continue;
    }
    refuse(
      "super-call",
      scope.file,
      lineOf(kw),
      `\`${(call ?? pa ?? kw).getText().slice(0, 60)}\``,
      "inline what the base method does, or leave only `super.userMessage(params)` as userMessage's fallback",
    );
  }
}

function contextEdits(root: Node, scope: RewriteScope, edits: TextEdit[], flags: { usesRun: boolean }): void {
  const contextSymbol = scope.contextSymbol?.();
  if (!contextSymbol) return;
  for (const id of identifiersNamed(root, scope.contextName ?? "")) {
    const parentNode = id.getParent();
    const symbol = Node.isShorthandPropertyAssignment(parentNode)
      ? id.getProject().getTypeChecker().getShorthandAssignmentValueSymbol(parentNode)
      : id.getSymbol();
    if (symbol !== contextSymbol) continue;
    if (edits.some((e) => id.getStart() >= e.start && id.getEnd() <= e.end && e.end > e.start)) continue; // inside a replaced range
    flags.usesRun = true;
    if (Node.isShorthandPropertyAssignment(parentNode))
      edits.push({ start: id.getStart(), end: id.getEnd(), text: `${id.getText()}: run.context` });
    else edits.push({ start: id.getStart(), end: id.getEnd(), text: "run.context" });
  }
}

/** Identifiers in `root` that may name something outside it (property names excluded). */
export function referenceIdentifiers(
  root: Node,
  dropped: readonly TextEdit[] = [],
  named?: ReadonlySet<string>,
): Identifier[] {
  // Filtered on the compiler's tree and only the survivors wrapped (compiler-walk.ts says why).
  const sf = root.getSourceFile().compilerNode;
  const found = compilerDescendantsOfKind(root.compilerNode, ts.SyntaxKind.Identifier);
  const all = Node.isIdentifier(root) ? [root.compilerNode, ...found] : found;
  return all
    .filter((id) => {
      if (named && !named.has((id as ts.Identifier).text)) return false;
      if (!namesOutside(id)) return false;
      const s = id.getStart(sf);
      return !dropped.some((e) => e.end > e.start && s >= e.start && s < e.end);
    })
    .map((id) => (id === root.compilerNode ? (root as Identifier) : wrapperOf<Identifier>(root, id)));
}

/** Not a property name: the member of an access, an assignment's key, a qualified name's right. */
function namesOutside(id: ts.Node): boolean {
  const parent = id.parent as ts.Node | undefined;
  if (!parent) return true;
  if (ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent)) return parent.name !== id;
  if (ts.isQualifiedName(parent)) return parent.right !== id;
  if (ts.isPropertySignature(parent) || ts.isMethodSignature(parent) || ts.isPropertyDeclaration(parent))
    return parent.name !== id;
  return true;
}

/**
 * Whether `slice` (a piece's text, comments included) may hold `word` as a token: a necessary
 * condition for each walk below, checked first because a ts-morph walk wraps and keeps every
 * node it passes, so walking each piece of every class for what it rarely holds made memory
 * grow with the classes of a file. A unicode escape could spell any identifier: then walk.
 */
function mentionsIn(slice: string): (word: string) => boolean {
  const escaped = slice.includes("\\u");
  return (word) => {
    if (escaped) return true;
    for (let i = slice.indexOf(word); i !== -1; i = slice.indexOf(word, i + 1)) {
      const before = slice[i - 1];
      const after = slice[i + word.length];
      if (!(before && /[\w$]/.test(before)) && !(after && /[\w$]/.test(after))) return true;
    }
    return false;
  };
}

/** `root` and the template literals under it (walked on the compiler's tree: compiler-walk.ts). */
function templateLiterals(root: Node): Node[] {
  const kinds = [ts.SyntaxKind.TemplateExpression, ts.SyntaxKind.NoSubstitutionTemplateLiteral];
  const self = kinds.includes(root.getKind()) ? [root] : [];
  return [...self, ...compilerDescendantsOfKind(root.compilerNode, ...kinds).map((n) => wrapperOf(root, n))];
}

/** Rewrite `root` (a block or expression) and re-indent it so its inner lines sit at `indent`. */
export function rewriteNode(root: Node, scope: RewriteScope, indent: string): RewrittenText {
  const edits: TextEdit[] = [];
  const flags = { usesRun: false, recursive: false };
  const text = root.getSourceFile().getFullText();
  const piece = text.slice(root.getPos(), root.getEnd());
  const mentions = mentionsIn(piece);
  if (scope.mode === "spec" && mentions("extractMessage")) extractMessageEdits(root, scope, edits);
  if (mentions("super")) superEdits(root, scope, edits);
  if (mentions("this")) thisEdits(root, scope, edits, flags);
  if (scope.contextName !== undefined && mentions(scope.contextName)) contextEdits(root, scope, edits, flags);
  const spliced = spliceRange(scope.file, text, root.getStart(), root.getEnd(), edits);
  // The root itself may be the literal (a multi-line template `description`).
  const literals = (piece.includes("`") ? templateLiterals(root) : [])
    .filter((n) => startLineOf(n) !== endLineOf(n))
    .map((n) => ({ start: n.getStart(), end: n.getEnd() }));
  // Edits never span lines, so line indexes of the original slice hold for the spliced text.
  const frozen = frozenLinesOf(text, root.getStart(), root.getEnd(), literals);
  return {
    text: reindent(spliced, indent, frozen),
    usesRun: flags.usesRun,
    recursive: flags.recursive,
    // Only names the file binds at its top level can resolve to what placement moves (resolve.ts).
    identifiers: referenceIdentifiers(root, edits, namesBoundAtTopLevel(root.getSourceFile().compilerNode)),
  };
}
