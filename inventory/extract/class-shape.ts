/**
 * The shape of a class body, for "capability-shaped by shape": a schema member, a process
 * method, the fields methods write outside the constructor (lazy caches left out: a cache is not
 * per-call state read back), and the effects the process method's callees name. Fed node by node
 * from class-facts.ts's one walk over each member, so it costs no second pass.
 */
import type TS from "typescript";
import type { ClassShapeFact } from "./facts.js";
import { calleeLastName, propertyNameText, textBefore, type Ctx } from "./ast-utils.js";
import { PROVIDER_CALLS } from "./liveness.js";
import { isRunMethod, pickRunMethod } from "./run-methods.js";

const SCHEMA_MEMBERS = new Set([
  "inputSchema",
  "jsonSchema",
  "schema",
  "parameters",
  "argsSchema",
  "input_schema",
  "paramsSchema",
  "zodSchema",
  "inputParameters",
  "parametersSchema",
]);

/** Callee names (last segment) → effect. Checked against the name lowercased, by prefix. */
const EFFECTS: readonly (readonly [RegExp, string])[] = [
  // A model provider asked to answer (a third party doing the work, at a cost).
  [new RegExp(`^(${PROVIDER_CALLS.map((c) => c.toLowerCase()).join("|")})$`), "provider"],
  [/^(fetch|axios|got|request|httprequest|download|upload|sendmail|sendemail|navigate|goto|websocket)/, "network"],
  [
    /^(exec|execfile|execsync|spawn|fork|runinnewcontext|runinthiscontext|evaluate|eval|runcode|runscript|runworkflow|runjob|runnode|startjob)/,
    "execute",
  ],
  [
    /^(writefile|appendfile|mkdir|rm|rmdir|unlink|rename|copyfile|insert|upsert|update|delete|destroy|remove|save|put|patch|create|store|persist|index|add)/,
    "write",
  ],
  [
    /^(readfile|readdir|stat|lstat|access|exists|get|find|list|query|select|search|load|read|count|lookup|describe|paginate)/,
    "read",
  ],
];

/** The effect a callee's name (its last segment) stands for, or null. */
export function effectOfCallee(name: string): string | null {
  const lower = name.toLowerCase();
  for (const [re, effect] of EFFECTS) if (re.test(lower)) return effect;
  return null;
}

export interface ShapeCollector {
  member(member: TS.ClassElement): void;
  /**
   * One node of `member`'s body, as the walk meets it, in the parse `ctx` it belongs to (a class
   * split into member runs is fed from one parse per run: extract-file-facts.ts).
   */
  visit(node: TS.Node, parent: TS.Node, member: TS.ClassElement, ctx: Ctx): void;
  result(): ClassShapeFact;
}

function memberName(ts: Ctx["ts"], member: TS.ClassElement): string | null {
  return member.name ? propertyNameText(ts, member.name) : null;
}

/** Is `this.<field> = …` guarded as a lazy cache (`if (!this.x)`, `if (this.x === undefined)`, `this.x ??= …`)? */
function isLazyCache(ctx: Ctx, assign: TS.BinaryExpression, field: string, parent: TS.Node): boolean {
  const { ts } = ctx;
  const op = assign.operatorToken.kind;
  if (op === ts.SyntaxKind.QuestionQuestionEqualsToken || op === ts.SyntaxKind.BarBarEqualsToken) return true;
  // parent is the expression statement; the if is found through the text of the nearest enclosing condition.
  void parent;
  const before = textBefore(ctx, assign.getStart(ctx.sf), 160);
  const guard = new RegExp(
    `if\\s*\\(\\s*(?:!\\s*this\\.${field}\\b|this\\.${field}\\s*(?:===?|==)\\s*(?:undefined|null)\\b)[^)]*\\)\\s*\\{?\\s*$`,
  );
  return guard.test(before);
}

/** `process(ctx, params) { return params; }`: nothing but its own argument handed back. */
function echoesArgument(ts: Ctx["ts"], fn: TS.FunctionLikeDeclaration): boolean {
  const body = fn.body;
  if (!body || !ts.isBlock(body) || body.statements.length !== 1) return false;
  const only = body.statements[0];
  if (!only || !ts.isReturnStatement(only) || !only.expression || !ts.isIdentifier(only.expression)) return false;
  const returned = only.expression.text;
  return fn.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === returned);
}

/** Constructor parameter properties declared private or protected are hidden fields too. */
function addHiddenParameterFields(ts: Ctx["ts"], ctor: TS.ConstructorDeclaration, into: Set<string>): void {
  for (const p of ctor.parameters) {
    const pm = ts.getModifiers(p);
    if (
      ts.isIdentifier(p.name) &&
      pm?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword)
    )
      into.add(p.name.text);
  }
}

/** The operators that write a field: `=`, `??=`, `||=`, `+=`. */
function assignsField(ts: Ctx["ts"], op: TS.SyntaxKind): boolean {
  return (
    op === ts.SyntaxKind.EqualsToken ||
    op === ts.SyntaxKind.QuestionQuestionEqualsToken ||
    op === ts.SyntaxKind.BarBarEqualsToken ||
    op === ts.SyntaxKind.PlusEqualsToken
  );
}

export function createShapeCollector(ts: Ctx["ts"]): ShapeCollector {
  let schema: string | null = null;
  const processes = new Set<string>();
  const stateWrites = new Set<string>();
  const effects = new Set<string>();
  const privateFields = new Set<string>();
  const getters = new Set<string>();
  const echoing = new Set<string>();
  const calls = new Set<string>();
  return {
    member(member) {
      const name = memberName(ts, member);
      if (name === null) return;
      const mods = ts.canHaveModifiers(member) ? ts.getModifiers(member) : undefined;
      const hidden =
        (member.name && ts.isPrivateIdentifier(member.name)) ||
        mods?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword);
      if (hidden && ts.isPropertyDeclaration(member)) privateFields.add(name);
      if (ts.isGetAccessorDeclaration(member)) getters.add(name);
      if (ts.isConstructorDeclaration(member)) addHiddenParameterFields(ts, member, privateFields);
      if (
        SCHEMA_MEMBERS.has(name) &&
        (ts.isPropertyDeclaration(member) || ts.isGetAccessorDeclaration(member)) &&
        schema === null
      )
        schema = name;
      if (
        isRunMethod(name) &&
        (ts.isMethodDeclaration(member) ||
          (ts.isPropertyDeclaration(member) &&
            member.initializer &&
            (ts.isArrowFunction(member.initializer) || ts.isFunctionExpression(member.initializer))))
      ) {
        processes.add(name);
        if (ts.isMethodDeclaration(member) && echoesArgument(ts, member)) echoing.add(name);
      }
    },
    visit(node, parent, member, ctx) {
      if (ts.isConstructorDeclaration(member)) return;
      if (
        ts.isBinaryExpression(node) &&
        ts.isPropertyAccessExpression(node.left) &&
        node.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
        assignsField(ts, node.operatorToken.kind) &&
        !isLazyCache(ctx, node, node.left.name.text, parent)
      )
        stateWrites.add(node.left.name.text);
      const name = memberName(ts, member);
      if (name === null || !isRunMethod(name) || !ts.isCallExpression(node)) return;
      const callee = node.expression;
      const last = calleeLastName(ts, callee);
      if (!last) return;
      if (ts.isIdentifier(callee)) calls.add(last);
      const effect = effectOfCallee(last);
      if (effect) effects.add(effect);
    },
    result() {
      const process = pickRunMethod((p) => processes.has(p));
      const exposed = (f: string) => !privateFields.has(f) || getters.has(f.replace(/^[_#]+/, ""));
      const all = [...stateWrites].sort();
      const privateWrites = all.filter((f) => !exposed(f));
      return {
        schema,
        process,
        stateWrites: all.filter(exposed),
        ...(privateWrites.length ? { privateWrites } : {}),
        effects: [...effects].sort(),
        ...(process !== null && echoing.has(process) ? { echoesArguments: true as const } : {}),
        ...(calls.size ? { calls: [...calls].sort() } : {}),
      };
    },
  };
}
