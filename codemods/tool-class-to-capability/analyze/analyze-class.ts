/**
 * Per-class analysis with ts-morph: checks that a capability-kind class has exactly the shape
 * the codemod can move (a wire name that is a literal or a file constant holding one, description, a schema, process, optional
 * userMessage and needsToolCallId, a constructor that only stores dependencies and defaults —
 * each becomes a run field, constructor-deps.ts —, private helper methods) and returns the pieces, or throws a RefusalError naming
 * file:line and what would unblock it. Consumed by build-parts.ts.
 */
import {
  Node,
  type ClassDeclaration,
  type Expression,
  type Identifier,
  type MethodDeclaration,
  VariableDeclarationKind,
} from "ts-morph";
import type { LangChainMetadata, RunMethod } from "../../../inventory/index.js";
import type { ClassRecord } from "../../../inventory/types.js";
import type { CreatedRunField } from "../../plan.js";
import { analyzeConstructor, type ConstructorDeps } from "./constructor-deps.js";
import { refuse } from "./class-refusals.js";
import { findRunMethod } from "./run-parameters.js";
import { startLineOf } from "../../shared/line-number.js";
import { langChainMembers, metadataOf, movedMethods } from "./member-roles.js";

export interface ClassAnalysis {
  readonly record: ClassRecord;
  readonly cls: ClassDeclaration;
  readonly className: string;
  readonly file: string;
  readonly wireName: string;
  /** The top-level `const` of the class's file that `name` reads, carried into the spec; null for a literal. */
  readonly nameConstant: Identifier | null;
  readonly baseName: string;
  readonly doc: string | null;
  readonly description: Expression;
  readonly schema: { readonly kind: "json" | "zod"; readonly node: Expression } | null;
  readonly needsToolCallId: boolean;
  readonly userMessage: MethodDeclaration | null;
  /** The run method (process, _call, execute, …: inventory/extract/run-methods.ts). */
  readonly process: MethodDeclaration;
  /** Its name, which decides how its parameters map onto (run, args) (build-parts.ts). */
  readonly runMethod: RunMethod;
  /** Class field → the expression over the run the impl reads it through (constructor-deps.ts). */
  readonly depFields: Map<string, string>;
  /** Run field → the old constructor parameter's type and whether it may be absent. */
  readonly depTypes: ConstructorDeps["depTypes"];
  /** Constructor parameter → run field. */
  readonly paramFields: Map<string, string>;
  /** Run fields created for parameters no configured field covered (reported to the host). */
  readonly createdFields: CreatedRunField[];
  /** Identifiers the field expressions use (module constants in defaults): the impl needs them. */
  readonly fieldIds: Identifier[];
  /** The constructor's configuration checks over the run: the impl's first statements. */
  readonly guards: readonly string[];
  /** Report notes on constructor statements dropped or moved (constructor-statements.ts). */
  readonly constructorNotes: readonly string[];
  readonly privateMethods: MethodDeclaration[];
  /** The flattened abstract intermediate whose members were merged in, if any. */
  readonly inherited: ClassDeclaration | null;
  /** LangChain serialisation metadata (static lc_name(), get lc_namespace(), …) the move drops. */
  readonly langChainMetadata: LangChainMetadata[];
}

/** The expression a property initializer or a `get x() { return <expr>; }` yields. */
function valueOf(cls: ClassDeclaration, name: string, file: string): Expression | undefined {
  const prop = cls.getInstanceProperty(name);
  if (!prop) return undefined;
  if (Node.isPropertyDeclaration(prop)) return prop.getInitializer();
  if (Node.isGetAccessorDeclaration(prop)) {
    const statements = prop.getBody()?.getChildSyntaxList()?.getChildren() ?? [];
    const only = statements.length === 1 ? statements[0] : undefined;
    const expr = Node.isReturnStatement(only) ? only.getExpression() : undefined;
    if (!expr)
      refuse(
        "unsupported-shape",
        file,
        startLineOf(prop),
        `get ${name}() does more than return a value`,
        `make it \`readonly ${name} = <value>\` or a single return`,
      );
    return expr;
  }
  return undefined;
}

function checkDecorators(cls: ClassDeclaration, file: string): void {
  const decorated = [cls, ...cls.getMembers()].flatMap((n) => (Node.isDecoratable(n) ? n.getDecorators() : []));
  const params = cls.getConstructors().flatMap((c) => c.getParameters().flatMap((p) => p.getDecorators()));
  const first = [...decorated, ...params][0];
  if (first)
    refuse(
      "decorator",
      file,
      startLineOf(first),
      `decorator ${first.getText()}`,
      "remove the decorator (its behaviour has no place on a spec or impl) or migrate this class by hand",
    );
}

/**
 * `inherited`: a flattenable abstract intermediate (see flatten.ts) whose spec fields, process,
 * userMessage and protected/private methods count as the class's own unless it overrides them.
 */
export function analyzeClass(
  cls: ClassDeclaration,
  record: ClassRecord,
  file: string,
  runFields: Readonly<Record<string, string>>,
  inherited: ClassDeclaration | null = null,
  claimedType?: (field: string) => string | undefined,
): ClassAnalysis {
  const className = checkClassShape(cls, record, file, inherited);
  const heritage = inherited ? inherited.getExtends() : cls.getExtends();
  const baseName = heritage?.getExpression().getText() ?? record.base;
  const spec = specMembers(cls, file, inherited);
  const ctorDeps = analyzeConstructor(cls, file, spec.wireName, runFields, claimedType);
  const { privateMethods, userMessage } = movedMethods(cls, file, ctorDeps.depFields, inherited, spec.runMethod);
  const docs = cls.getJsDocs();
  const doc = docs.length > 0 ? docs.map((d) => d.getText()).join("\n") : null;
  return {
    record,
    cls,
    className,
    file,
    ...spec,
    baseName: baseName.replace(/<.*$/, ""),
    doc,
    userMessage,
    depFields: ctorDeps.depFields,
    depTypes: ctorDeps.depTypes,
    paramFields: ctorDeps.paramFields,
    createdFields: ctorDeps.createdFields,
    fieldIds: ctorDeps.ids,
    guards: ctorDeps.guards,
    constructorNotes: ctorDeps.notes,
    privateMethods,
    inherited,
    langChainMetadata: langChainMembers(cls, inherited),
  };
}

/** The class as a whole: named, direct (or flattened), undecorated, concrete, no static members. Returns its name. */
function checkClassShape(
  cls: ClassDeclaration,
  record: ClassRecord,
  file: string,
  inherited: ClassDeclaration | null,
): string {
  const line = startLineOf(cls);
  const className = cls.getName();
  if (!className) refuse("class-expression", file, line, "anonymous class", "give the class a name");
  if (!record.direct && !inherited)
    refuse(
      "indirect-subclass",
      file,
      line,
      `chain ${record.chain.join(" → ")}`,
      "migrate or flatten the intermediate base class first",
    );
  checkDecorators(cls, file);
  if (cls.getTypeParameters().length > 0)
    refuse("generic-or-abstract", file, line, `${className} is generic`, "make it a concrete, non-generic class");
  if (cls.isAbstract())
    refuse(
      "generic-or-abstract",
      file,
      line,
      `${className} is abstract and no subclass in this namespace extends it`,
      "make it concrete, or (if it is a base of capability classes) migrate it with their namespace: it is flattened into them",
    );
  const staticMember = cls.getStaticMembers().find((m) => !metadataOf(m));
  if (staticMember)
    refuse(
      "static-member",
      file,
      startLineOf(staticMember),
      `\`${staticMember.getText().split("\n")[0]}\``,
      "move the static member to a module constant",
    );
  return className;
}

/** The members that make the spec and the impl: a literal wire name, a description, a schema, process, needsToolCallId. */
function specMembers(
  cls: ClassDeclaration,
  file: string,
  inherited: ClassDeclaration | null,
): Pick<
  ClassAnalysis,
  "wireName" | "nameConstant" | "description" | "schema" | "process" | "runMethod" | "needsToolCallId"
> {
  const line = startLineOf(cls);
  const own = (name: string): Expression | undefined =>
    valueOf(cls, name, file) ??
    (inherited && !cls.getInstanceProperty(name) ? valueOf(inherited, name, file) : undefined);
  const nameExpr = own("name");
  const { wireName, nameConstant } = nameExpr ? wireNameOf(nameExpr, cls) : { wireName: null, nameConstant: null };
  if (!wireName)
    refuse(
      nameExpr ? "dynamic-identity" : "no-wire-name",
      file,
      nameExpr ? startLineOf(nameExpr) : line,
      nameExpr ? `name is \`${nameExpr.getText()}\`` : "no name member",
      'declare `readonly name = "<wire_name>"` as a string literal, or classify the class as host-bridge',
    );
  const description = own("description");
  if (!description)
    refuse("missing-member", file, line, "no description with an initializer", "declare `readonly description = ...`");
  const zod = own("schema");
  const json = own("jsonSchema") ?? own("inputSchema");
  const { runMethod, process } = findRunMethod(cls, file, inherited);
  const needsExpr = own("needsToolCallId");
  if (needsExpr && !["true", "false"].includes(needsExpr.getText()))
    refuse(
      "unsupported-shape",
      file,
      startLineOf(needsExpr),
      "needsToolCallId is not a boolean literal",
      "write `readonly needsToolCallId = true`",
    );
  return {
    wireName,
    nameConstant,
    description,
    schema: zod ? { kind: "zod", node: zod } : json ? { kind: "json", node: json } : null,
    process,
    runMethod,
    needsToolCallId: needsExpr?.getText() === "true",
  };
}

/**
 * The wire name `name` holds: a string literal, or a top-level `const` holding one (the
 * inventory reads that as a fixed identity too). A constant of the class's own file is carried
 * into the spec (dependencies.ts moves or shares it like any constant a spec reads); one of
 * another file (a flattened intermediate's) is written as its value.
 */
function wireNameOf(
  nameExpr: Expression,
  cls: ClassDeclaration,
): { wireName: string | null; nameConstant: Identifier | null } {
  if (Node.isStringLiteral(nameExpr) || Node.isNoSubstitutionTemplateLiteral(nameExpr))
    return { wireName: nameExpr.getLiteralText(), nameConstant: null };
  const none = { wireName: null, nameConstant: null };
  if (!Node.isIdentifier(nameExpr)) return none;
  const decl = nameExpr.getSymbol()?.getValueDeclaration();
  if (!Node.isVariableDeclaration(decl)) return none;
  const stmt = decl.getVariableStatement();
  if (!stmt || !Node.isSourceFile(stmt.getParent()) || stmt.getDeclarationKind() !== VariableDeclarationKind.Const)
    return none;
  let init = decl.getInitializer();
  while (Node.isParenthesizedExpression(init) || Node.isAsExpression(init) || Node.isSatisfiesExpression(init))
    init = init.getExpression();
  if (!Node.isStringLiteral(init) && !Node.isNoSubstitutionTemplateLiteral(init)) return none;
  const own = decl.getSourceFile() === cls.getSourceFile();
  return { wireName: init.getLiteralText(), nameConstant: own ? nameExpr : null };
}
