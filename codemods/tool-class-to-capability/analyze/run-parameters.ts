/**
 * How a run method's parameters become the impl's `(run, args)`: which parameter is the context,
 * which the args (kept, or renamed and cast on the first line), LangChain's single string input
 * read from `args.input`, and the trailing parameters a capability call has no counterpart for.
 */
import {
  Node,
  ts,
  type ClassDeclaration,
  type Identifier,
  type MethodDeclaration,
  type ParameterDeclaration,
} from "ts-morph";
import {
  inputThisTyping,
  isRunMethodField,
  pickRunMethod,
  readExtraParameter,
  runMethodTakesContext,
  type RunMethod,
} from "../../../inventory/index.js";
import type { ClassAnalysis } from "./analyze-class.js";
import { refuse } from "./class-refusals.js";
import { referenceIdentifiers } from "./rewrite-body.js";
import { startLineOf } from "../../shared/line-number.js";

const LOOSE_ARGS = /^(Record<string,\s*unknown>|Record<string,\s*any>|\{\s*\[\w+:\s*string\]:\s*unknown\s*\})$/;

/** How an args parameter survives the move: kept as is, or renamed and cast on the first line. */
export function adaptArgs(
  param: ParameterDeclaration | undefined,
  fallback: string,
  schemaRef?: string,
): { param: string; castLine: string | null; ids: Identifier[] } {
  if (!param) return { param: fallback, castLine: null, ids: [] };
  const nameNode = param.getNameNode();
  const typeNode = param.getTypeNode();
  if (Node.isIdentifier(nameNode) && (!typeNode || LOOSE_ARGS.test(typeNode.getText())))
    return { param: nameNode.getText(), castLine: null, ids: [] };
  const written = typeNode ? typeNode.getText() : "Record<string, unknown>";
  // `typeof this.schema` → `typeof <the spec's schema constant>` (runParameters' schemaTyped).
  const type = schemaRef ? written.replace(/\btypeof\s+this\.schema\b/g, `typeof ${schemaRef}`) : written;
  const ids = typeNode ? referenceIdentifiers(typeNode).filter((id) => !isThisSchemaPart(id)) : [];
  return { param: "rawArgs", castLine: `const ${nameNode.getText()} = rawArgs as unknown as ${type};`, ids };
}

/** `this` and `schema` of a `typeof this.schema` query: no declarations to carry. */
function isThisSchemaPart(id: Identifier): boolean {
  const q = id.getParent();
  return Node.isQualifiedName(q) && q.getLeft().getText() === "this";
}

export function withCast(block: string, castLine: string | null, indent: string): string {
  if (!castLine) return block;
  return block.replace(/^\{/, `{\n${indent}  ${castLine}`);
}

/**
 * How the run method's parameters map onto the impl's (run, args): `process(context, params)`
 * as written; any other run method (`_call`, `execute`, …) takes the call's input first and no
 * context. Parameters after the ones that map (LangChain's `runManager?`, `config?`) have no
 * counterpart on a capability call: dropped when the body never reads them, else refused.
 */
export function runParameters(a: ClassAnalysis): {
  ctxParam: ParameterDeclaration | undefined;
  argsParam: ParameterDeclaration | undefined;
  stringInput: boolean;
  /** The input is typed `…typeof this.schema…`: retyped by the spec's schema constant. */
  schemaTyped: boolean;
} {
  const params = a.process.getParameters();
  // ts-morph bundles its own TypeScript, the same API under another type identity, hence the casts.
  const node = a.process.compilerNode as never;
  const takesContext = runMethodTakesContext(ts as never, a.runMethod, node);
  const [ctxParam, argsParam] = takesContext ? params : [undefined, params[0]];
  // The inventory's own check (blocker run-method-param), so both refuse the same classes; an
  // unread extra parameter, process's included, is dropped.
  const read = readExtraParameter(ts as never, a.runMethod, node);
  if (read)
    refuse(
      "run-method-param",
      a.file,
      startLineOf(a.process),
      `${a.runMethod}() reads ${read}, a parameter past its input, which a capability call does not pass`,
      `stop reading ${read} in ${a.runMethod}() (an unread one is dropped)`,
    );
  const typeText = argsParam?.getTypeNode()?.getText();
  // `z.infer<typeof this.schema>` names the class's own zod schema, which the spec holds: the impl
  // types the input by the spec's schema constant instead (build-parts.ts). The inventory lets
  // exactly these through (class-facts.ts), so both agree.
  const declaring = a.process.getParent();
  const ownSchema =
    Node.isClassDeclaration(declaring) && Node.isPropertyDeclaration(declaring.getInstanceProperty("schema"));
  const thisTyping = inputThisTyping(ts as never, a.runMethod, node);
  const schemaTyped = thisTyping === "schema" && a.schema?.kind === "zod" && ownSchema;
  if (thisTyping !== "none" && !schemaTyped)
    refuse(
      "this-typed-input",
      a.file,
      startLineOf(argsParam ?? a.process),
      `the input is typed through this (${typeText})`,
      "name the schema with a module constant and type the input `z.infer<typeof ThatConstant>`",
    );
  // A single string input with no schema of its own is LangChain's Tool: `{ input: string }` on
  // the wire. An unannotated `_call(input)` (plain-JS LangChain tools) is that Tool too.
  const stringInput =
    !takesContext && !a.schema && (typeText === "string" || (typeText === undefined && a.runMethod === "_call"));
  return { ctxParam, argsParam, stringInput, schemaTyped };
}

/** `_call(input: string)` reads the wire's `input` argument. */
export function stringInputArgs(param: ParameterDeclaration | undefined): {
  param: string;
  castLine: string | null;
  ids: Identifier[];
} {
  const name = param?.getName() ?? "input";
  return { param: "rawArgs", castLine: `const ${name} = rawArgs["input"] as string;`, ids: [] };
}

/** The class's run method (own, else the flattened intermediate's), chosen as the inventory chooses it. */
export function findRunMethod(
  cls: ClassDeclaration,
  file: string,
  inherited: ClassDeclaration | null,
): { runMethod: RunMethod; process: MethodDeclaration } {
  const line = startLineOf(cls);
  const method = (name: string) => cls.getInstanceMethod(name) ?? inherited?.getInstanceMethod(name);
  const runMethod = pickRunMethod((m) => Boolean(method(m)?.getBody()));
  const process = runMethod ? method(runMethod) : undefined;
  if (runMethod && process) return { runMethod, process };
  // The inventory's own test (blocker run-method-field), so a function-valued field refuses alike.
  const field = cls
    .getInstanceProperties()
    .find(
      (p) => !Node.isParameterDeclaration(p) && isRunMethodField(ts as never, p.getName(), p.compilerNode as never),
    );
  if (field)
    refuse(
      "run-method-field",
      file,
      startLineOf(field),
      `${field.getName()} is a function-valued field`,
      `write it as a method: async ${field.getName()}(…) { … }`,
    );
  refuse(
    "missing-member",
    file,
    line,
    "no run method with a body (process, _call, execute, …)",
    "implement process(context, params)",
  );
}
