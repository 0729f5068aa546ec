/**
 * What a capability class's constructor statements become (constructor-deps.ts renders them over
 * the run): the fields it stores parameters in, the fields it computes, and the checks it makes.
 * Accepted, in order, because each can be replayed on every call without changing behaviour:
 * - `super()`, and for a LangChain base `super(fields)` / `super(...arguments)` passing only its
 *   own parameters: LangChain's Tool keeps those ToolParams (callbacks, verbose, tags) for its own
 *   `invoke`, which a capability call never goes through, so the call is dropped with a note;
 * - `const x = <pure>`: a local the later statements read, inlined where they read it;
 * - `this.x = <pure>`, where `this.y` reads the value the constructor gave y so far (its field
 *   initializer until it is assigned; field defaults LangChain reassigns, `this.maxResults =
 *   fields?.maxResults ?? this.maxResults`);
 * - a configuration check `if (<pure>) throw new Error(<pure>)`: it moves to the start of the impl,
 *   so no call runs with the configuration the constructor would have rejected.
 * Pure: pure-value.ts (environment reads included). Anything else is refused, naming the statement.
 */
import {
  Node,
  SyntaxKind,
  ts,
  VariableDeclarationKind,
  type ClassDeclaration,
  type ConstructorDeclaration,
  type Expression,
  type IfStatement,
  type ParameterDeclaration,
  type PropertyAccessExpression,
  type VariableDeclaration,
} from "ts-morph";
import { LANGCHAIN_BASE_MODULE, passesOnlyOwnParameters } from "../../../inventory/index.js";
import { refuse } from "./class-refusals.js";
import { isPureValue } from "./pure-value.js";
import { startLineOf } from "../../shared/line-number.js";

/** What a `this.y` read in a constructor expression stands for at that point. */
export type FieldValue =
  | { readonly kind: "param"; readonly param: ParameterDeclaration }
  | { readonly kind: "expr"; readonly expr: Expression }
  /** A field declared without a default, read before the constructor assigns it: undefined. */
  | { readonly kind: "unset" };

export interface ConstructorStatements {
  /** Class field → the parameter stored in it. */
  readonly stored: Map<string, ParameterDeclaration>;
  /** Class field → the expression computed for it. */
  readonly computed: Map<string, Expression>;
  /** Each accepted `this.y` read → the value it reads. */
  readonly thisReads: Map<PropertyAccessExpression, FieldValue>;
  /** Locals the constructor declares → their initializers. */
  readonly locals: Map<VariableDeclaration, Expression>;
  /** Configuration checks, in order: `if (cond) throw new <ErrorClass>(args)`. */
  readonly guards: { readonly cond: Expression; readonly error: string; readonly args: Expression[] }[];
  /** What the report says about dropped statements. */
  readonly notes: string[];
  /** Parameters passed on to a LangChain base by the dropped `super(…)`. */
  readonly passedToBase: Set<ParameterDeclaration>;
}

/** Whether the class's base is imported from LangChain (inventory/extract/langchain-base.ts). */
export function extendsLangChainBase(cls: ClassDeclaration): boolean {
  const expr = cls.getExtends()?.getExpression();
  const decl = Node.isIdentifier(expr) ? expr.getSymbol()?.getDeclarations()[0] : undefined;
  return (
    Node.isImportSpecifier(decl) && LANGCHAIN_BASE_MODULE.test(decl.getImportDeclaration().getModuleSpecifierValue())
  );
}

const isThisRead = (n: Node): n is PropertyAccessExpression =>
  Node.isPropertyAccessExpression(n) && n.getExpression().getKind() === SyntaxKind.ThisKeyword;

export function constructorStatements(
  cls: ClassDeclaration,
  ctor: ConstructorDeclaration,
  file: string,
  wireName: string,
): ConstructorStatements {
  const out: ConstructorStatements = {
    stored: new Map(),
    computed: new Map(),
    thisReads: new Map(),
    locals: new Map(),
    guards: [],
    notes: [],
    passedToBase: new Set(),
  };
  for (const p of ctor.getParameters()) if (p.isParameterProperty()) out.stored.set(p.getName(), p);
  const langChain = extendsLangChainBase(cls);
  const current = (field: string): FieldValue | undefined => {
    const p = out.stored.get(field);
    if (p) return { kind: "param", param: p };
    const e = out.computed.get(field);
    if (e) return { kind: "expr", expr: e };
    const prop = cls.getInstanceProperty(field);
    if (!Node.isPropertyDeclaration(prop) || prop.hasModifier(SyntaxKind.DeclareKeyword)) return undefined;
    const init = prop.getInitializer();
    if (init) return isPureValue(init, true) ? { kind: "expr", expr: init } : undefined;
    // A field declared without a default reads undefined, unless the base's constructor may set it.
    const inBase = cls
      .getType()
      .getBaseTypes()
      .some((t) => t.getProperty(field) !== undefined);
    return inBase ? undefined : { kind: "unset" };
  };
  // `this.y` reads resolve to y's value at this statement; an unresolvable one makes it impure.
  const pure = (e: Node): boolean =>
    isPureValue(e, true, (n) => {
      if (!isThisRead(n)) return false;
      const value = current(n.getName());
      if (value) out.thisReads.set(n, value);
      return value !== undefined;
    });
  for (const stmt of ctor.getStatements()) {
    if (superCall(stmt, ctor, file, langChain, wireName, out)) continue;
    if (local(stmt, pure, out.locals)) continue;
    if (guard(stmt, pure, out.guards)) continue;
    if (Node.isExpressionStatement(stmt)) {
      const expr = stmt.getExpression();
      if (Node.isBinaryExpression(expr) && expr.getOperatorToken().getText() === "=") {
        const left = expr.getLeft();
        const right = expr.getRight();
        if (isThisRead(left) && !out.stored.has(left.getName()) && !out.computed.has(left.getName())) {
          const param = Node.isIdentifier(right) ? ctor.getParameter(right.getText()) : undefined;
          if (param) {
            out.stored.set(left.getName(), param);
            continue;
          }
          if (pure(right)) {
            out.computed.set(left.getName(), withoutUnsetDefault(right, out.thisReads));
            continue;
          }
        }
      }
    }
    refuse(
      "constructor-logic",
      file,
      startLineOf(stmt),
      `\`${stmt.getText().split("\n")[0]}\``,
      "reduce the constructor to `super()`, `const` locals, field assignments and `if (…) throw new Error(…)` checks without calls (environment reads aside), or do the work in the run method",
    );
  }
  if (out.guards.length > 0)
    out.notes.push(
      `${wireName}: the constructor's configuration check${out.guards.length > 1 ? "s run" : " runs"} at the start of every call (a capability is never constructed)`,
    );
  return out;
}

/** `super(…)`: true when accepted (no arguments, or a LangChain base given only parameters); refused otherwise. */
function superCall(
  stmt: Node,
  ctor: ConstructorDeclaration,
  file: string,
  langChain: boolean,
  wireName: string,
  out: Pick<ConstructorStatements, "notes" | "passedToBase">,
): boolean {
  const call = Node.isExpressionStatement(stmt) ? stmt.getExpression() : undefined;
  if (!Node.isCallExpression(call) || call.getExpression().getKind() !== SyntaxKind.SuperKeyword) return false;
  const args = call.getArguments();
  if (args.length === 0) return true;
  // The inventory's own test (langchain-base.ts), so both judge the same calls; ts-morph bundles
  // its own TypeScript, the same API under another type identity, hence the casts.
  const names = new Set(ctor.getParameters().map((p) => p.getName()));
  const ownParams = passesOnlyOwnParameters(ts as never, call.compilerNode as never, names);
  if (langChain && ownParams) {
    const spread = args.some((a) => Node.isSpreadElement(a));
    for (const p of ctor.getParameters())
      if (spread || args.some((a) => a.getText() === p.getName())) out.passedToBase.add(p);
    out.notes.push(
      `${wireName}: dropped \`${call.getText()}\`: LangChain's Tool keeps those options (callbacks, verbose, tags) for its own invoke, which a capability call does not go through`,
    );
    return true;
  }
  refuse(
    "super-call",
    file,
    startLineOf(stmt),
    `\`${call.getText()}\` passes arguments to the base constructor`,
    langChain
      ? "pass the base only the constructor's own parameters (`super(fields)`), or set what the arguments carry as class fields"
      : "set the wire name/description as class fields instead of constructor arguments",
  );
}

/** `const x = <pure>;`: a local later statements read. */
function local(stmt: Node, pure: (e: Node) => boolean, locals: Map<VariableDeclaration, Expression>): boolean {
  if (!Node.isVariableStatement(stmt) || stmt.getDeclarationKind() !== VariableDeclarationKind.Const) return false;
  const decls = stmt.getDeclarations();
  const ok = decls.every((d) => {
    const init = d.getInitializer();
    return Node.isIdentifier(d.getNameNode()) && !d.getTypeNode() && init !== undefined && pure(init);
  });
  if (!ok) return false;
  for (const d of decls) locals.set(d, d.getInitializerOrThrow());
  return true;
}

/** `if (<pure>) throw new Error(<pure>)`, braces or not, no else: a configuration check. */
function guard(stmt: Node, pure: (e: Node) => boolean, guards: ConstructorStatements["guards"]): boolean {
  if (!Node.isIfStatement(stmt) || stmt.getElseStatement()) return false;
  const thrown = throwOf(stmt);
  if (!thrown) return false;
  const callee = thrown.getExpression();
  const args = thrown.getArguments() as Expression[];
  // An Error class of the global scope: a local one could do anything when constructed.
  const global =
    Node.isIdentifier(callee) &&
    /Error$/.test(callee.getText()) &&
    !callee
      .getSymbol()
      ?.getDeclarations()
      .some((d) => !d.getSourceFile().isDeclarationFile());
  if (!global || !pure(stmt.getExpression()) || !args.every(pure)) return false;
  guards.push({ cond: stmt.getExpression(), error: callee.getText(), args });
  return true;
}

function throwOf(stmt: IfStatement) {
  let then: Node = stmt.getThenStatement();
  if (Node.isBlock(then)) {
    const inner = then.getStatements();
    if (inner.length !== 1 || !inner[0]) return undefined;
    then = inner[0];
  }
  if (!Node.isThrowStatement(then)) return undefined;
  const e = then.getExpression();
  return Node.isNewExpression(e) ? e : undefined;
}

/**
 * `fields?.units ?? this.units` over a field with no default is `fields?.units`: `?? undefined`
 * changes nothing unless the left side can be null (then it stays, to turn null into undefined).
 */
function withoutUnsetDefault(
  expr: Expression,
  thisReads: ReadonlyMap<PropertyAccessExpression, FieldValue>,
): Expression {
  if (!Node.isBinaryExpression(expr) || expr.getOperatorToken().getKind() !== SyntaxKind.QuestionQuestionToken)
    return expr;
  const right = expr.getRight();
  if (!isThisRead(right) || thisReads.get(right)?.kind !== "unset") return expr;
  const leftType = expr.getLeft().getType();
  const nullable = leftType.isNull() || leftType.getUnionTypes().some((t) => t.isNull());
  return nullable ? expr : expr.getLeft();
}
