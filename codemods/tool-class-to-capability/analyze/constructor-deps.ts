/**
 * A capability class's constructor → run fields. Every parameter becomes a CapabilityRun field
 * (codemods/run-fields.ts: the configured one, else one named after the parameter, reported as
 * created), and every class field the constructor fills becomes an expression over the run that
 * the impl reads instead of `this.<field>`: `run.x`, `requireRunField(run.x, …)` for a required
 * parameter, `(run.x ?? DEFAULT)` for a default parameter, and for a field computed from
 * parameters (`this.timeoutMs = options?.timeoutMs ?? DEFAULT_TIMEOUT`) that expression with the
 * parameters read from the run. Allowed only while that keeps behaviour: the expressions must be
 * side-effect free and allocate nothing (they are evaluated per call instead of once), so
 * calls, `new`, object/array literals and statements other than `super()` are refused.
 */
import {
  Node,
  SyntaxKind,
  type ClassDeclaration,
  type Expression,
  type Identifier,
  type ParameterDeclaration,
  type TypeNode,
} from "ts-morph";
import type { CreatedRunField } from "../../plan.js";
import { runFieldFor, type RunFieldChoice } from "../../run-fields.js";
import { camel } from "./build-parts.js";
import { mutatedFields } from "./instance-mutation.js";
import { refuse } from "./refusals.js";
import { typeIdentity } from "./type-identity.js";
import { referenceIdentifiers } from "./rewrite-body.js";
import { startLineOf } from "../../shared/line-number.js";

export interface ConstructorDeps {
  /** Class field → the expression the impl reads it through. */
  readonly depFields: Map<string, string>;
  /** Run field → the old parameter's type (annotation, or one read off a literal default) and whether it may be absent. */
  readonly depTypes: Map<
    string,
    {
      readonly type: TypeNode | undefined;
      readonly typeText: string | null;
      /** typeText plus where the names it references come from (analyze/type-identity.ts). */
      readonly typeKey: string | null;
      readonly optional: boolean;
    }
  >;
  /** Constructor parameter → run field (in parameter order). */
  readonly paramFields: Map<string, string>;
  /** Run fields no configured field covered: created, named after the parameter. */
  readonly createdFields: CreatedRunField[];
  /** Identifiers the field expressions use besides parameters (module constants in defaults). */
  readonly ids: Identifier[];
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

/** Side-effect free; `allowLiterals`: object/array literals of such values (a fresh one per call, see mutatedFields). */
function isPureValue(node: Node, allowLiterals = false): boolean {
  const pure = (n: Node): boolean => isPureValue(n, allowLiterals);
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
function allocates(expr: Node | undefined): boolean {
  if (!expr) return false;
  return (
    Node.isObjectLiteralExpression(expr) ||
    Node.isArrayLiteralExpression(expr) ||
    expr.getDescendants().some((d) => Node.isObjectLiteralExpression(d) || Node.isArrayLiteralExpression(d))
  );
}

function literalType(init: Expression | undefined): string | null {
  if (!init) return null;
  if (Node.isNumericLiteral(init) || (Node.isPrefixUnaryExpression(init) && Node.isNumericLiteral(init.getOperand())))
    return "number";
  if (Node.isStringLiteral(init) || Node.isNoSubstitutionTemplateLiteral(init)) return "string";
  if (Node.isTrueLiteral(init) || Node.isFalseLiteral(init)) return "boolean";
  return null;
}

/** `expr`'s text with each parameter identifier replaced by how the run supplies it. */
function overRun(expr: Expression, reads: ReadonlyMap<ParameterDeclaration, string>): string {
  const start = expr.getStart();
  let text = expr.getText();
  const edits: { at: number; end: number; text: string }[] = [];
  for (const id of referenceIdentifiers(expr)) {
    const decl = id.getSymbol()?.getValueDeclaration();
    const read = decl && Node.isParameterDeclaration(decl) ? reads.get(decl) : undefined;
    if (read === undefined) continue;
    const parent = id.getParent();
    const replacement = Node.isShorthandPropertyAssignment(parent) ? `${id.getText()}: ${read}` : read;
    edits.push({ at: id.getStart() - start, end: id.getEnd() - start, text: replacement });
  }
  for (const e of edits.sort((a, b) => b.at - a.at)) text = text.slice(0, e.at) + e.text + text.slice(e.end);
  return text;
}

function checkParameter(p: ParameterDeclaration, file: string): void {
  const line = startLineOf(p);
  if (!Node.isIdentifier(p.getNameNode()))
    refuse(
      "run-field-conflict",
      file,
      line,
      `parameter \`${p.getNameNode().getText()}\` is destructured: it has no name a run field could take`,
      "take it as one named parameter (`options: Options`) and read its fields in the class",
    );
  if (p.isRestParameter())
    refuse(
      "unsupported-shape",
      file,
      line,
      `rest parameter ...${p.getName()}`,
      "take the values as one array parameter",
    );
  const init = p.getInitializer();
  if (init && !isPureValue(init, true))
    refuse(
      "constructor-logic",
      file,
      line,
      `the default of ${p.getName()} (\`${init.getText()}\`) calls or reads state`,
      "make the default a literal or a module constant: it is evaluated on every call once it moves into the impl",
    );
}

/**
 * A run field another class (or run-types.ts) already typed differently is not this parameter's:
 * generic parameter names (`options`, `opts`, `config`) recur across classes with a type each.
 * The field keeps following the code: the parameter's own name, the class field it is stored in,
 * the annotation's type name (`SummaryOptions` → `summaryOptions`), then the wire name plus the
 * parameter (`summarizeOptions`) — the first one that is free or typed alike, reported as created.
 * With none free the choice stands and select.ts refuses the class (`run-field-conflict`).
 */
function typedChoice(
  choice: RunFieldChoice,
  names: { readonly param: string; readonly storedIn: string | undefined; readonly wireName: string },
  typeText: string | null,
  typeKey: string | null,
  claimedType: (field: string) => string | undefined,
  taken: (field: string) => boolean,
): RunFieldChoice {
  if (!choice.ok || !typeText || !typeKey) return choice;
  const fits = (field: string): boolean => {
    const theirs = claimedType(field);
    return (theirs === undefined || theirs === typeKey) && !taken(field);
  };
  if (fits(choice.field)) return choice;
  const { param, storedIn, wireName } = names;
  const typeName = /^[A-Z][\w$]*$/.test(typeText) ? typeText.charAt(0).toLowerCase() + typeText.slice(1) : undefined;
  // A configured field is the host's: spellings of its type differ between classes (an alias), so
  // it is left only for the parameter's own name; a created one tries every candidate.
  const candidates = choice.created
    ? [param, storedIn, typeName, `${camel(wireName)}${param.charAt(0).toUpperCase()}${param.slice(1)}`]
    : [param];
  for (const candidate of candidates) {
    if (candidate === undefined || candidate === choice.field) continue;
    const own = runFieldFor(candidate, {});
    if (own.ok && fits(own.field)) return { ok: true, field: own.field, created: true };
  }
  return choice;
}

/** `claimedType(field)`: the type identity an earlier class (or run-types.ts) gave a run field, if any. */
export function analyzeConstructor(
  cls: ClassDeclaration,
  file: string,
  wireName: string,
  runFields: Readonly<Record<string, string>>,
  claimedType: (field: string) => string | undefined = () => undefined,
): ConstructorDeps {
  const deps: ConstructorDeps = {
    depFields: new Map(),
    depTypes: new Map(),
    paramFields: new Map(),
    createdFields: [],
    ids: [],
  };
  const ctors = cls.getConstructors();
  if (ctors.length > 1)
    refuse(
      "unsupported-shape",
      file,
      ctors[1] ? startLineOf(ctors[1]) : 0,
      "constructor overloads",
      "keep one constructor",
    );
  const ctor = ctors[0];
  if (!ctor) return deps;
  const params = ctor.getParameters();
  for (const p of params) checkParameter(p, file);
  // Class field → the parameter stored in it, or the expression computed from parameters.
  const stored = new Map<string, ParameterDeclaration>();
  const computed = new Map<string, Expression>();
  for (const p of params) if (p.isParameterProperty()) stored.set(p.getName(), p);
  for (const stmt of ctor.getStatements()) {
    const line = startLineOf(stmt);
    const text = stmt.getText();
    if (/^super\(\s*\);?$/.test(text)) continue;
    if (Node.isExpressionStatement(stmt)) {
      const expr = stmt.getExpression();
      if (Node.isCallExpression(expr) && expr.getExpression().getKind() === SyntaxKind.SuperKeyword) {
        refuse(
          "super-call",
          file,
          line,
          `\`${text}\` passes arguments to the base constructor`,
          "set the wire name/description as class fields instead of constructor arguments",
        );
      }
      if (Node.isBinaryExpression(expr) && expr.getOperatorToken().getText() === "=") {
        const left = expr.getLeft();
        const right = expr.getRight();
        if (
          Node.isPropertyAccessExpression(left) &&
          left.getExpression().getKind() === SyntaxKind.ThisKeyword &&
          !stored.has(left.getName()) &&
          !computed.has(left.getName())
        ) {
          const param = Node.isIdentifier(right) ? ctor.getParameter(right.getText()) : undefined;
          if (param) {
            stored.set(left.getName(), param);
            continue;
          }
          if (isPureValue(right, true)) {
            computed.set(left.getName(), right);
            continue;
          }
        }
      }
    }
    refuse(
      "constructor-logic",
      file,
      line,
      `\`${text.split("\n")[0]}\``,
      "reduce the constructor to `super()`, field assignments and defaults without calls (do the work in process or where the run is built)",
    );
  }
  const reads = new Map<ParameterDeclaration, string>();
  for (const p of params) {
    const pname = p.getName();
    const storedIn = [...stored].find(([, q]) => q === p)?.[0];
    const init = p.getInitializer();
    const typeNode = p.getTypeNode();
    const typeText = typeNode?.getText() ?? literalType(init);
    const typeKey = typeNode ? typeIdentity(typeNode, cls.getSourceFile(), file) : typeText;
    const choice = typedChoice(
      runFieldFor(pname, runFields, storedIn),
      { param: pname, storedIn, wireName },
      typeText,
      typeKey,
      claimedType,
      (field) => [...deps.paramFields.values()].includes(field),
    );
    if (!choice.ok)
      refuse(
        "run-field-conflict",
        file,
        startLineOf(p),
        choice.reason,
        `add "${pname}": "<another field>" to codemods.runFields in capkit.config.json`,
      );
    const field = choice.field;
    const clash = [...deps.paramFields].find(([, f]) => f === field);
    if (clash)
      refuse(
        "run-field-conflict",
        file,
        startLineOf(p),
        `parameters \`${clash[0]}\` and \`${pname}\` both become run field "${field}"`,
        `give one of them its own field in codemods.runFields`,
      );
    const required = !p.hasQuestionToken() && !init;
    const nullable = typeText !== null && /\b(null|undefined)\b/.test(typeText);
    // A nullable dependency is narrowed by the code that reads it (`if (!this.bound) …`); a call would
    // defeat that narrowing, so it is read directly (absent then reads like null).
    const read =
      required && !nullable
        ? `requireRunField(run.${field}, ${JSON.stringify(field)}, ${JSON.stringify(wireName)})`
        : init
          ? nullable
            ? `(run.${field} === undefined ? ${init.getText()} : run.${field})`
            : `(run.${field} ?? ${init.getText()})`
          : `run.${field}`;
    reads.set(p, read);
    deps.paramFields.set(pname, field);
    if (!deps.depTypes.has(field)) deps.depTypes.set(field, { type: typeNode, typeText, typeKey, optional: !required });
    if (init) deps.ids.push(...referenceIdentifiers(init));
    if (choice.created)
      deps.createdFields.push({ field, type: typeText, required, ...(init ? { defaultValue: init.getText() } : {}) });
  }
  const fresh = new Set([...stored].filter(([, p]) => allocates(p.getInitializer())).map(([n]) => n));
  for (const [name, expr] of computed) if (allocates(expr)) fresh.add(name);
  const mutated = mutatedFields(cls, fresh);
  if (mutated)
    refuse(
      "instance-state",
      file,
      mutated.line,
      `\`${mutated.text}\` changes the object the constructor made for this.${mutated.field}; per call it would start fresh each time`,
      `keep that state on run.context or in a local, or pass the object in (no default), then re-run`,
    );
  for (const [name, p] of stored) deps.depFields.set(name, reads.get(p) ?? `run.${p.getName()}`);
  for (const [name, expr] of computed) {
    deps.depFields.set(name, `(${overRun(expr, reads)})`);
    deps.ids.push(...referenceIdentifiers(expr).filter((id) => !params.some((p) => p.getName() === id.getText())));
  }
  return deps;
}
