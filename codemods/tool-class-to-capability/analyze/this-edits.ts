/**
 * The `this` rewrite of a moved piece of a class (rewrite-body.ts): `this.name` → the wire name,
 * a constructor dependency → its run expression, a private method call → the module function,
 * `this.process(ctx, x)` → the impl, a spec field → the spec's field. Any other use of `this`
 * (as a value, a write, other state, userMessage reading the instance) is refused.
 */
import { Node, SyntaxKind, type CallExpression, type PropertyAccessExpression } from "ts-morph";
import { refuse } from "./class-refusals.js";
import { descendantsOfKind } from "../../shared/compiler-walk.js";
import type { TextEdit } from "../../shared/splice.js";
import { startLineOf } from "../../shared/line-number.js";
import type { RewriteScope } from "./rewrite-body.js";

const ASSIGNMENT_OPERATORS = new Set([
  "=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "**=",
  "<<=",
  ">>=",
  ">>>=",
  "&=",
  "|=",
  "^=",
  "&&=",
  "||=",
  "??=",
]);

function isAssignmentTarget(node: Node): boolean {
  const parent = node.getParent();
  if (Node.isBinaryExpression(parent))
    return parent.getLeft() === node && ASSIGNMENT_OPERATORS.has(parent.getOperatorToken().getText());
  if (Node.isPrefixUnaryExpression(parent))
    return [SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken].includes(parent.getOperatorToken());
  return Node.isPostfixUnaryExpression(parent) || Node.isDeleteExpression(parent);
}

function ownThis(node: Node, root: Node): boolean {
  for (let cur = node.getParent(); cur && cur !== root; cur = cur.getParent()) {
    if (
      Node.isFunctionDeclaration(cur) ||
      Node.isFunctionExpression(cur) ||
      Node.isClassDeclaration(cur) ||
      Node.isClassExpression(cur)
    )
      return false;
    if (Node.isMethodDeclaration(cur) || Node.isGetAccessorDeclaration(cur) || Node.isSetAccessorDeclaration(cur))
      return false;
  }
  return true;
}

/** Whether `text` is one parenthesised expression: its first "(" closes at its last character. */
function wrappedInParens(text: string): boolean {
  if (!text.startsWith("(") || !text.endsWith(")") || /["'`]/.test(text)) return false; // quotes could hide parentheses
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i === text.length - 1;
  }
  return false;
}

/** What the `this` edits of one piece share. */
interface ThisRewrite {
  readonly scope: RewriteScope;
  readonly edits: TextEdit[];
  readonly flags: { usesRun: boolean; recursive: boolean };
}

/** One `this.<name>` read, with the call it is the callee of, if any. */
interface ThisAccess {
  readonly pa: PropertyAccessExpression;
  readonly name: string;
  readonly call: CallExpression | undefined;
  readonly line: number;
}

const SPEC_FIELDS: Readonly<Record<string, string>> = {
  description: "description",
  jsonSchema: "inputSchema",
  inputSchema: "inputSchema",
  schema: "zodSchema",
  needsToolCallId: "needsToolCallId",
};

export function thisEdits(
  root: Node,
  scope: RewriteScope,
  edits: TextEdit[],
  flags: { usesRun: boolean; recursive: boolean },
): void {
  const state: ThisRewrite = { scope, edits, flags };
  for (const kw of descendantsOfKind<Node>(root, SyntaxKind.ThisKeyword)) {
    if (!ownThis(kw, root)) continue;
    rewriteAccess(state, thisAccess(kw, scope));
  }
}

/** The member `this` is read through; `this` as a value and writes to it are refused. */
function thisAccess(kw: Node, scope: RewriteScope): ThisAccess {
  const pa = kw.getParent();
  const line = startLineOf(kw);
  if (!Node.isPropertyAccessExpression(pa) || pa.getExpression() !== kw) {
    refuse(
      "this-escape",
      scope.file,
      line,
      `\`this\` is used as a value (\`${pa?.getText().slice(0, 60)}\`)`,
      "pass the fields it needs instead of the instance",
    );
  }
  const name = pa.getName();
  if (isAssignmentTarget(pa))
    refuse(
      "instance-state",
      scope.file,
      line,
      `writes this.${name}`,
      "keep the state in a local variable or on run.context",
    );
  const call = pa.getParentIfKind(SyntaxKind.CallExpression);
  return { pa, name, call: call !== undefined && call.getExpression() === pa ? call : undefined, line };
}

function rewriteAccess(state: ThisRewrite, a: ThisAccess): void {
  const { scope } = state;
  if (a.name === "name") return wireNameEdit(state, a);
  if (scope.mode === "spec") refuseInUserMessage(scope, a);
  if (depFieldEdit(state, a) || helperCallEdit(state, a) || recursionEdit(state, a) || specFieldEdit(state, a)) return;
  if (scope.helpers.has(a.name))
    refuse(
      "this-escape",
      scope.file,
      a.line,
      `this.${a.name} is passed around instead of called`,
      "call the method directly",
    );
  refuse(
    "instance-state",
    scope.file,
    a.line,
    `reads this.${a.name}, which is neither a constructor dependency nor a private method`,
    "make it a constructor parameter with a run field, a module constant, or a local",
  );
}

/** `this.name` → the wire name (spliced into a template when it stands in one). */
function wireNameEdit({ scope, edits }: ThisRewrite, { pa }: ThisAccess): void {
  const span = pa.getParent();
  const full = pa.getSourceFile().getFullText();
  const inTemplate =
    Node.isTemplateSpan(span) &&
    span.getExpression() === pa &&
    full.slice(pa.getStart() - 2, pa.getStart()) === "${" &&
    full[pa.getEnd()] === "}";
  if (inTemplate)
    edits.push({
      start: pa.getStart() - 2,
      end: pa.getEnd() + 1,
      text: scope.wireName.replace(/[`\\]|\$\{/g, (m) => `\\${m}`),
    });
  else edits.push({ start: pa.getStart(), end: pa.getEnd(), text: JSON.stringify(scope.wireName) });
}

/** A spec's userMessage(args) has no instance: anything but `this.name` there is refused. */
function refuseInUserMessage(scope: RewriteScope, { name, line }: ThisAccess): never {
  const dep = scope.depFields.get(name);
  if (dep !== undefined) {
    refuse(
      "unsupported-shape",
      scope.file,
      line,
      `userMessage reads this.${name}, a constructor dependency (it would become ${/run\.\w+/.exec(dep)?.[0] ?? dep}), but a spec's userMessage(args) is called with the call's arguments only — it has no run to read it from`,
      `build the message from the arguments alone (drop this.${name} from it); until then the class stays`,
    );
  }
  refuse(
    "unsupported-shape",
    scope.file,
    line,
    `userMessage reads this.${name}`,
    "make userMessage depend only on its params (and this.name)",
  );
}

/** A constructor dependency → its expression over the run. */
function depFieldEdit({ scope, edits, flags }: ThisRewrite, { pa, name }: ThisAccess): boolean {
  const dep = scope.depFields.get(name);
  if (dep === undefined) return false;
  flags.usesRun = true;
  // A parenthesised read (a default or computed field) needs no parentheses where it stands alone.
  const parent = pa.getParent();
  const alone =
    Node.isTemplateSpan(parent) ||
    Node.isParenthesizedExpression(parent) ||
    Node.isReturnStatement(parent) ||
    Node.isVariableDeclaration(parent) ||
    (Node.isForOfStatement(parent) && parent.getExpression() === pa) ||
    (Node.isCallExpression(parent) && parent.getExpression() !== pa);
  const text = alone && wrappedInParens(dep) ? dep.slice(1, -1) : dep;
  edits.push({ start: pa.getStart(), end: pa.getEnd(), text });
  return true;
}

/** `this.helper(x)` → `helper(run, x)` (or `helper(x)` when it needs no run). */
function helperCallEdit({ scope, edits, flags }: ThisRewrite, { pa, name, call }: ThisAccess): boolean {
  const helper = scope.helpers.get(name);
  if (!helper || !call) return false;
  edits.push({ start: pa.getStart(), end: pa.getEnd(), text: helper.fnName });
  if (helper.needsRun) {
    flags.usesRun = true;
    const args = call.getArguments();
    const first = args[0];
    if (first) edits.push({ start: first.getStart(), end: first.getStart(), text: "run, " });
    else edits.push({ start: call.getEnd() - 1, end: call.getEnd() - 1, text: "run" });
  }
  return true;
}

/**
 * `this.process(context, args)` → `impl(run, args)`, with the piece's own context only; a run
 * method taking no context (LangChain's `this._call(input)`) → `impl(run, input)`, a one-string
 * input as `impl(run, { input: s })`, the impl's args.
 */
function recursionEdit(state: ThisRewrite, access: ThisAccess): boolean {
  const { scope, edits, flags } = state;
  const { pa, name, call, line } = access;
  if (name !== scope.runMethod || !call) return false;
  if (scope.contextName === undefined && name !== "process") return inputRecursionEdit(state, access);
  const [ctxArg, argsArg, ...rest] = call.getArguments();
  if (!ctxArg || !argsArg || rest.length > 0 || ctxArg.getText() !== scope.contextName) {
    refuse(
      "unsupported-shape",
      scope.file,
      line,
      "this.process(...) is called with a context other than its own",
      "call it as this.process(context, args) with the same context",
    );
  }
  flags.usesRun = true;
  flags.recursive = true;
  edits.push({ start: pa.getStart(), end: pa.getEnd(), text: scope.implName });
  edits.push({ start: ctxArg.getStart(), end: argsArg.getStart(), text: "run, " });
  return true;
}

function inputRecursionEdit({ scope, edits, flags }: ThisRewrite, { pa, name, call, line }: ThisAccess): boolean {
  const [input, ...rest] = call?.getArguments() ?? [];
  if (!call || !input || rest.length > 0)
    refuse(
      "unsupported-shape",
      scope.file,
      line,
      `this.${name}(...) is called with ${input ? "more than its input" : "no input"}`,
      `call it as this.${name}(input)`,
    );
  flags.usesRun = true;
  flags.recursive = true;
  edits.push({ start: pa.getStart(), end: pa.getEnd(), text: scope.implName });
  edits.push({ start: input.getStart(), end: input.getStart(), text: scope.stringInput ? "run, { input: " : "run, " });
  if (scope.stringInput) edits.push({ start: input.getEnd(), end: input.getEnd(), text: " }" });
  return true;
}

/** `this.description` and the other spec members (read, not called) → the spec's field. */
function specFieldEdit({ scope, edits }: ThisRewrite, { pa, name, call }: ThisAccess): boolean {
  const field = SPEC_FIELDS[name];
  if (field === undefined || call) return false;
  edits.push({ start: pa.getStart(), end: pa.getEnd(), text: `${scope.specVar}.${field}` });
  return true;
}
