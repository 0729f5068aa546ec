/**
 * Turns one analysed class into the text of its new pieces: the spec object (for
 * `<ns>.specs.ts`), the `{ spec, impl }` entry and any module functions (for `<ns>.ts`), plus
 * the identifiers each side still references, so dependencies.ts can move or import them.
 */
import { Node, type Identifier, type MethodDeclaration, type ParameterDeclaration } from "ts-morph";
import type { PermissionCategory } from "../../../inventory/types.js";
import type { ClassAnalysis } from "./analyze-class.js";
import { referenceIdentifiers, rewriteNode, type HelperRef, type RewriteScope } from "./rewrite-body.js";
import { adaptArgs, runParameters, stringInputArgs, withCast } from "./run-parameters.js";
import { metadataNotes } from "./metadata-notes.js";
import { pushAll } from "../../shared/push-all.js";

export interface ClassParts {
  readonly analysis: ClassAnalysis;
  readonly specVar: string;
  readonly category: PermissionCategory;
  readonly warnings: string[];
  /** Statements for the specs file, in order (hoisted zod schema, then the spec). */
  readonly specText: string;
  readonly usesZodHelper: boolean;
  /** One element of `exports: [...]`, indented for its place. */
  readonly entryText: string;
  /**
   * entryText with the impl's run typed by this class's own context (`run: CapabilityRun<Ctx>`),
   * for a module whose classes differ in context type; entryText when there is nothing to type.
   */
  readonly typedEntryText: string;
  /** Module-level functions for `<ns>.ts` (helpers, a recursive impl). */
  readonly moduleFunctions: string[];
  /** Module functions shared by the subclasses of one flattened intermediate (emit once per name). */
  readonly sharedFunctions: { readonly name: string; readonly text: string }[];
  readonly specIds: Identifier[];
  readonly implIds: Identifier[];
  /** The process context parameter's type as written (e.g. "ProcessingContext"), if annotated. */
  readonly contextType: string | null;
}

export function camel(wire: string): string {
  const parts = wire.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = parts
    .map((p, i) => (i === 0 ? p.charAt(0).toLowerCase() + p.slice(1) : p.charAt(0).toUpperCase() + p.slice(1)))
    .join("");
  return /^[0-9]/.test(joined) ? `_${joined}` : joined || "capability";
}

function functionFromMethod(
  method: MethodDeclaration,
  fnName: string,
  needsRun: boolean,
  body: string,
  runType: string,
): string {
  const doc = method
    .getJsDocs()
    .map((d) => `${d.getText()}\n`)
    .join("");
  const typeParams = method.getTypeParameters().length
    ? `<${method
        .getTypeParameters()
        .map((t) => t.getText())
        .join(", ")}>`
    : "";
  const params = [needsRun ? `run: ${runType}` : null, ...method.getParameters().map((p) => p.getText())]
    .filter(Boolean)
    .join(", ");
  const ret = method.getReturnTypeNode() ? `: ${method.getReturnTypeNodeOrThrow().getText()}` : "";
  return `${doc}${method.isAsync() ? "async " : ""}function ${fnName}${typeParams}(${params})${ret} ${body}`;
}

/** What building one class's parts shares: the analysis, the names chosen, the helpers and the process context. */
interface PartsScope {
  readonly a: ClassAnalysis;
  readonly allocate: (preferred: string, fallback: string) => string;
  readonly specVar: string;
  readonly implName: string;
  readonly helpers: Map<string, HelperRef>;
  readonly ctxParam: ParameterDeclaration | undefined;
  readonly argsParam: ParameterDeclaration | undefined;
  /** The process context parameter's type as written, when it says more than any/unknown. */
  readonly contextType: string | null;
  readonly runType: string;
  /** The run method takes one string (LangChain's `Tool._call(input: string)`): args.input carries it. */
  readonly stringInput: boolean;
}

/** `shared`: intermediate methods that become one module function for all subclasses (flatten.ts). */
export function buildParts(
  a: ClassAnalysis,
  allocate: (preferred: string, fallback: string) => string,
  shared: ReadonlyMap<MethodDeclaration, string> = new Map(),
): ClassParts {
  const specVar = allocate(`${camel(a.wireName)}Spec`, `${camel(a.wireName)}CapabilitySpec`);
  const warnings: string[] = [];
  const category = specCategory(a, warnings);
  warnings.push(...metadataNotes(a), ...a.constructorNotes);
  const helpers = helperRefs(a, allocate, shared);
  const { ctxParam, argsParam, stringInput } = runParameters(a);
  const ctxTypeNode = ctxParam?.getTypeNode();
  const contextType = ctxTypeNode && !/^(any|unknown)$/.test(ctxTypeNode.getText()) ? ctxTypeNode.getText() : null;
  const ps: PartsScope = {
    a,
    allocate,
    specVar,
    implName: `${camel(a.wireName)}Impl`,
    helpers,
    ctxParam,
    argsParam,
    contextType,
    runType: contextType ? `CapabilityRun<${contextType}>` : "CapabilityRun",
    stringInput,
  };
  const spec = specSide(ps, category);
  settleHelperRuns(ps);
  const impl = implSide(ps, shared);
  return { analysis: a, specVar, category, warnings, ...spec, ...impl, contextType };
}

/** The spec's category; one the categories map does not give is written as "external", with a warning. */
function specCategory(a: ClassAnalysis, warnings: string[]): PermissionCategory {
  let category = a.record.category;
  if (
    !category ||
    a.record.categorySource === "fallback" ||
    a.record.categorySource === "none" ||
    a.record.categorySource === "proposed"
  ) {
    // A proposal is for review: the migration keeps what the runtime does today (unlisted → external).
    const proposal = a.record.categorySource === "proposed" ? ` (the inventory proposes "${category}")` : "";
    if (!category || a.record.categorySource !== "fallback") category = "external";
    warnings.push(
      `${a.wireName} is not in the categories map: category "external" was written explicitly${proposal} — review it in the spec`,
    );
  }
  return category;
}

/** Private methods → the module functions they become (whether they need `run` is settled later). */
function helperRefs(
  a: ClassAnalysis,
  allocate: (preferred: string, fallback: string) => string,
  shared: ReadonlyMap<MethodDeclaration, string>,
): Map<string, HelperRef> {
  const helpers = new Map<string, HelperRef>();
  for (const m of a.privateMethods) {
    const bare = m.getName().replace(/^#/, "");
    const own = `${camel(a.wireName)}${bare.replace(/^./, (c) => c.toUpperCase())}`;
    // A per-subclass copy of a flattened intermediate's method is always named after its capability.
    const preferred = a.inherited && m.getParent() === a.inherited ? own : bare;
    helpers.set(m.getName(), { fnName: shared.get(m) ?? allocate(preferred, own), needsRun: false });
  }
  return helpers;
}

function rewriteScope(ps: PartsScope, mode: "impl" | "spec", withContext: boolean): RewriteScope {
  const { a, ctxParam } = ps;
  return {
    file: a.file,
    wireName: a.wireName,
    specVar: ps.specVar,
    implName: ps.implName,
    runMethod: a.runMethod,
    stringInput: ps.stringInput,
    depFields: a.depFields,
    helpers: ps.helpers,
    contextSymbol: withContext && ctxParam ? () => ctxParam.getNameNode().getSymbol() : undefined,
    contextName: ctxParam && Node.isIdentifier(ctxParam.getNameNode()) ? ctxParam.getName() : undefined,
    mode,
    baseName: a.baseName,
    // `super.userMessage` in a subclass's own userMessage would reach the flattened intermediate's.
    superMessageIsDefault: !(
      a.inherited?.getInstanceMethod("userMessage")?.getBody() && a.userMessage?.getParent() === a.cls
    ),
  };
}

/** The spec object's text (after a hoisted zod schema, if any) and the identifiers it uses. */
function specSide(
  ps: PartsScope,
  category: PermissionCategory,
): Pick<ClassParts, "specText" | "usesZodHelper" | "specIds"> {
  const { a, allocate } = ps;
  const specIds: Identifier[] = [];
  const spec = (node: Node, indent: string): string => {
    const r = rewriteNode(node, rewriteScope(ps, "spec", false), indent);
    pushAll(specIds, r.identifiers);
    return r.text;
  };
  const name = a.nameConstant ? spec(a.nameConstant, "") : JSON.stringify(a.wireName);
  const lines: string[] = [`  name: ${name},`, `  description: ${spec(a.description, "  ")},`];
  let hoisted = "";
  let usesZodHelper = false;
  if (a.schema?.kind === "json") lines.push(`  inputSchema: ${spec(a.schema.node, "  ")},`);
  else if (a.schema?.kind === "zod") {
    usesZodHelper = true;
    let zodRef: string;
    if (Node.isIdentifier(a.schema.node)) zodRef = spec(a.schema.node, "");
    else {
      zodRef = allocate(`${camel(a.wireName)}Schema`, `${camel(a.wireName)}InputSchema`);
      hoisted = `const ${zodRef} = ${spec(a.schema.node, "")};\n\n`;
    }
    lines.push(`  inputSchema: toInputSchema(${zodRef}),`, `  zodSchema: ${zodRef},`);
  } else if (ps.stringInput)
    lines.push(`  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },`);
  else lines.push(`  inputSchema: { type: "object", properties: {} },`);
  lines.push(`  category: ${JSON.stringify(category)},`);
  if (a.needsToolCallId) lines.push("  needsToolCallId: true,");
  if (a.userMessage) lines.push(userMessageLine(a.userMessage, spec, specIds));
  const doc = a.doc ? `${a.doc}\n` : "";
  const specText = `${hoisted}${doc}export const ${ps.specVar}: CapabilitySpec = {\n${lines.join("\n")}\n};\n`;
  return { specText, usesZodHelper, specIds };
}

/** `userMessage(params)` → the spec's `userMessage: (params) => …` line. */
function userMessageLine(
  um: MethodDeclaration,
  spec: (node: Node, indent: string) => string,
  specIds: Identifier[],
): string {
  const adapted = adaptArgs(um.getParameters()[0], "");
  pushAll(specIds, adapted.ids);
  const body = um.getBodyOrThrow();
  const statements = Node.isBlock(body) ? body.getStatements() : [];
  const only = statements.length === 1 ? statements[0] : undefined;
  const expr = Node.isReturnStatement(only) && !adapted.castLine ? only.getExpression() : undefined;
  const text = expr ? spec(expr, "  ") : withCast(spec(body, "  "), adapted.castLine, "  ");
  // Dropping `Tool.extractMessage(params)` (the runtime reads `_message` itself) can leave the
  // parameter unused: name it `_params` so noUnusedParameters stays as quiet as it was.
  const unused =
    /^[A-Za-z$][\w$]*$/.test(adapted.param) && !new RegExp(`\\b${adapted.param.replace(/\$/g, "\\$")}\\b`).test(text);
  return `  userMessage: (${unused ? `_${adapted.param}` : adapted.param}) => ${text},`;
}

/** Settles which helpers need `run` (a fixpoint over helpers calling helpers). */
function settleHelperRuns(ps: PartsScope): void {
  const { a, helpers } = ps;
  for (let changed = true, guard = 0; changed && guard <= helpers.size + 1; guard++) {
    changed = false;
    for (const m of a.privateMethods) {
      const ref = helpers.get(m.getName());
      if (!ref || ref.needsRun) continue;
      if (rewriteNode(m.getBodyOrThrow(), rewriteScope(ps, "impl", false), "").usesRun) {
        ref.needsRun = true;
        changed = true;
      }
    }
  }
}

/** The module functions (helpers, a recursive impl), the `{ spec, impl }` entry and the identifiers they use. */
function implSide(
  ps: PartsScope,
  shared: ReadonlyMap<MethodDeclaration, string>,
): Pick<ClassParts, "entryText" | "typedEntryText" | "moduleFunctions" | "sharedFunctions" | "implIds"> {
  const { a, specVar, implName, runType } = ps;
  const implIds: Identifier[] = [];
  const moduleFunctions: string[] = [];
  const sharedFunctions: ClassParts["sharedFunctions"] = [];
  for (const m of a.privateMethods) {
    const ref = ps.helpers.get(m.getName());
    if (!ref) continue;
    const r = rewriteNode(m.getBodyOrThrow(), rewriteScope(ps, "impl", false), "");
    pushAll(
      implIds,
      r.identifiers,
      m.getParameters().flatMap((p) => referenceIdentifiers(p)),
    );
    const rt = m.getReturnTypeNode();
    if (rt) pushAll(implIds, referenceIdentifiers(rt));
    const fn = functionFromMethod(m, ref.fnName, ref.needsRun, r.text, runType);
    if (shared.has(m)) sharedFunctions.push({ name: ref.fnName, text: fn });
    else moduleFunctions.push(fn);
  }
  const adapted = ps.stringInput ? stringInputArgs(ps.argsParam) : adaptArgs(ps.argsParam, "args");
  pushAll(implIds, adapted.ids);
  const ctxTypeNode = ps.ctxParam?.getTypeNode();
  if (ctxTypeNode && ps.contextType) pushAll(implIds, referenceIdentifiers(ctxTypeNode));
  const rt = a.process.getReturnTypeNode();
  const retText = rt ? `: ${rt.getText()}` : "";
  if (rt) pushAll(implIds, referenceIdentifiers(rt));
  const probe = rewriteNode(a.process.getBodyOrThrow(), rewriteScope(ps, "impl", true), "      ");
  pushAll(implIds, probe.identifiers, a.fieldIds);
  // The args cast, then the constructor's configuration checks: the impl's first statements.
  const prologue = (indent: string): string | null =>
    [adapted.castLine, ...a.guards].filter(Boolean).join(`\n${indent}  `) || null;
  const usesRun = probe.usesRun || a.guards.length > 0;
  if (probe.recursive) {
    const body = rewriteNode(a.process.getBodyOrThrow(), rewriteScope(ps, "impl", true), "");
    moduleFunctions.push(
      `async function ${implName}(run: ${runType}, ${adapted.param}: Record<string, unknown>)${retText || ": Promise<unknown>"} ${withCast(body.text, prologue(""), "")}`,
    );
    const entryText = `    { spec: ${specVar}, impl: ${implName} },`;
    return { entryText, typedEntryText: entryText, moduleFunctions, sharedFunctions, implIds };
  }
  const entry = (runParam: string): string =>
    `    {\n      spec: ${specVar},\n      impl: async (${runParam}, ${adapted.param})${retText} => ${withCast(probe.text, prologue("      "), "      ")},\n    },`;
  const entryText = entry(usesRun ? "run" : "_run");
  // The impl's own context type, when it reads the run and its class declared one.
  const typedEntryText = usesRun && ps.contextType ? entry(`run: ${runType}`) : entryText;
  return { entryText, typedEntryText, moduleFunctions, sharedFunctions, implIds };
}
