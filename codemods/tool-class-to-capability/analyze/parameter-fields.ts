/**
 * One constructor parameter → its CapabilityRun field (codemods/run-fields.ts, moved off a field
 * another class typed differently) and the expression the impl reads it through; the choice is
 * recorded in the class's ConstructorDeps (constructor-deps.ts).
 */
import { Node, type ClassDeclaration, type Expression, type ParameterDeclaration } from "ts-morph";
import { runFieldFor, type RunFieldChoice } from "../../run-fields.js";
import { camel } from "./build-parts.js";
import type { ConstructorDeps } from "./constructor-deps.js";
import { isEnvironmentRead, isPureValue } from "./pure-value.js";
import { refuse } from "./class-refusals.js";
import { typeIdentity } from "./type-identity.js";
import { referenceIdentifiers } from "./rewrite-body.js";
import { startLineOf } from "../../shared/line-number.js";

/** What choosing one class's parameter fields shares. */
export interface ParameterScope {
  readonly cls: ClassDeclaration;
  readonly file: string;
  readonly wireName: string;
  readonly runFields: Readonly<Record<string, string>>;
  readonly claimedType: (field: string) => string | undefined;
  /** Class field → the parameter the constructor stores in it. */
  readonly stored: ReadonlyMap<string, ParameterDeclaration>;
  /** Parameters a LangChain tool passes on to its base (`super(fields)`; constructor-statements.ts). */
  readonly passedToBase: ReadonlySet<ParameterDeclaration>;
  readonly deps: ConstructorDeps;
}

function literalType(init: Expression | undefined): string | null {
  if (!init) return null;
  if (Node.isNumericLiteral(init) || (Node.isPrefixUnaryExpression(init) && Node.isNumericLiteral(init.getOperand())))
    return "number";
  if (Node.isStringLiteral(init) || Node.isNoSubstitutionTemplateLiteral(init)) return "string";
  if (Node.isTrueLiteral(init) || Node.isFalseLiteral(init)) return "boolean";
  return null;
}

export function checkParameter(p: ParameterDeclaration, file: string): void {
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
 * LangChain's `fields` (passed on to the base) tries its type's name first: every tool has one.
 * With none free the choice stands and select-classes.ts refuses the class (`run-field-conflict`).
 */
function typedChoice(
  choice: RunFieldChoice,
  names: {
    readonly param: string;
    readonly storedIn: string | undefined;
    readonly wireName: string;
    /** The parameter is the options object a LangChain tool passes on to its base. */
    readonly langChainFields: boolean;
  },
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
  const { param, storedIn, wireName } = names;
  const typeName = /^[A-Z][\w$]*$/.test(typeText) ? typeText.charAt(0).toLowerCase() + typeText.slice(1) : undefined;
  // LangChain's options object is `fields` in every tool: its type names what it configures.
  if (names.langChainFields && choice.created && typeName && fits(typeName))
    return { ok: true, field: typeName, created: true };
  if (fits(choice.field)) return choice;
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

/** Chooses `p`'s run field, records it in `scope.deps` and returns how the impl reads it from the run. */
export function parameterRead(scope: ParameterScope, p: ParameterDeclaration): string {
  const { cls, file, wireName, deps } = scope;
  const pname = p.getName();
  const storedIn = [...scope.stored].find(([, q]) => q === p)?.[0];
  const init = p.getInitializer();
  const typeNode = p.getTypeNode();
  const typeText = typeNode?.getText() ?? literalType(init);
  // A default read from the environment names the secret the field holds: two classes share the
  // field only when they read the same variable (Bing's and Serper's `apiKey` are two keys).
  const envVars = init ? environmentVariablesOf(init) : [];
  const ownKey = typeNode ? typeIdentity(typeNode, cls.getSourceFile(), file) : typeText;
  const typeKey = ownKey && envVars.length ? `${ownKey} = env ${envVars.join(",")}` : ownKey;
  const choice = typedChoice(
    runFieldFor(pname, scope.runFields, storedIn),
    { param: pname, storedIn, wireName, langChainFields: scope.passedToBase.has(p) },
    typeText,
    typeKey,
    scope.claimedType,
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
  deps.paramFields.set(pname, field);
  if (!deps.depTypes.has(field)) deps.depTypes.set(field, { type: typeNode, typeText, typeKey, optional: !required });
  if (init) deps.ids.push(...referenceIdentifiers(init));
  if (choice.created)
    deps.createdFields.push({ field, type: typeText, required, ...(init ? { defaultValue: init.getText() } : {}) });
  // A nullable dependency is narrowed by the code that reads it (`if (!this.bound) …`); a call would
  // defeat that narrowing, so it is read directly (absent then reads like null).
  return required && !nullable
    ? `requireRunField(run.${field}, ${JSON.stringify(field)}, ${JSON.stringify(wireName)})`
    : init
      ? nullable
        ? `(run.${field} === undefined ? ${init.getText()} : run.${field})`
        : `(run.${field} ?? ${init.getText()})`
      : `run.${field}`;
}

/** The environment variables an expression reads (`getEnvironmentVariable("X")`), sorted. */
function environmentVariablesOf(expr: Expression): string[] {
  const names = [expr, ...expr.getDescendants()]
    .filter(isEnvironmentRead)
    .map((call) => call.getArguments()[0]?.getText() ?? "");
  return [...new Set(names)].sort();
}
