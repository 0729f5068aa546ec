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
import { functionFromMethod, specCategory, userMessageLine } from "./part-texts.js";
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
  /** Hoisted schema constants of the specs file the impl types its input by (imported as types). */
  readonly schemaTypeImports: string[];
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
  /** The input is typed `typeof this.schema` (run-parameters.ts): the impl names the spec's schema. */
  readonly schemaTyped: boolean;
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
  const { ctxParam, argsParam, stringInput, schemaTyped } = runParameters(a);
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
    schemaTyped,
  };
  const { zodRef, ...spec } = specSide(ps, category);
  settleHelperRuns(ps);
  const impl = implSide(ps, shared, zodRef);
  return { analysis: a, specVar, category, warnings, ...spec, ...impl, contextType };
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
): Pick<ClassParts, "specText" | "usesZodHelper" | "specIds"> & { zodRef: SchemaRef | null } {
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
  let zodRef: SchemaRef | null = null;
  if (a.schema?.kind === "json") lines.push(`  inputSchema: ${spec(a.schema.node, "  ")},`);
  else if (a.schema?.kind === "zod") {
    usesZodHelper = true;
    if (Node.isIdentifier(a.schema.node)) zodRef = { name: spec(a.schema.node, ""), hoisted: false };
    else {
      zodRef = { name: allocate(`${camel(a.wireName)}Schema`, `${camel(a.wireName)}InputSchema`), hoisted: true };
      // Exported when the impl types its input by it (`z.infer<typeof this.schema>`).
      hoisted = `${ps.schemaTyped ? "export " : ""}const ${zodRef.name} = ${spec(a.schema.node, "")};\n\n`;
    }
    lines.push(`  inputSchema: toInputSchema(${zodRef.name}),`, `  zodSchema: ${zodRef.name},`);
  } else if (ps.stringInput)
    lines.push(`  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },`);
  else lines.push(`  inputSchema: { type: "object", properties: {} },`);
  lines.push(`  category: ${JSON.stringify(category)},`);
  if (a.needsToolCallId) lines.push("  needsToolCallId: true,");
  if (a.userMessage) lines.push(userMessageLine(a.userMessage, spec, specIds));
  const doc = a.doc ? `${a.doc}\n` : "";
  const specText = `${hoisted}${doc}export const ${ps.specVar}: CapabilitySpec = {\n${lines.join("\n")}\n};\n`;
  return { specText, usesZodHelper, specIds, zodRef };
}

/** The constant a spec's zodSchema names: the class's own (moved like any dependency) or one hoisted from an inline schema. */
interface SchemaRef {
  readonly name: string;
  readonly hoisted: boolean;
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
  zodRef: SchemaRef | null,
): Pick<
  ClassParts,
  "entryText" | "typedEntryText" | "moduleFunctions" | "sharedFunctions" | "implIds" | "schemaTypeImports"
> {
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
  const schemaRef = ps.schemaTyped ? zodRef : null;
  const adapted = ps.stringInput ? stringInputArgs(ps.argsParam) : adaptArgs(ps.argsParam, "args", schemaRef?.name);
  pushAll(implIds, adapted.ids);
  // A class's own schema constant is a dependency the impl now names too; a hoisted one is imported.
  if (schemaRef && !schemaRef.hoisted && a.schema && Node.isIdentifier(a.schema.node))
    pushAll(implIds, [a.schema.node]);
  const schemaTypeImports = schemaRef?.hoisted ? [schemaRef.name] : [];
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
    return { entryText, typedEntryText: entryText, moduleFunctions, sharedFunctions, implIds, schemaTypeImports };
  }
  const entry = (runParam: string): string =>
    `    {\n      spec: ${specVar},\n      impl: async (${runParam}, ${adapted.param})${retText} => ${withCast(probe.text, prologue("      "), "      ")},\n    },`;
  const entryText = entry(usesRun ? "run" : "_run");
  // The impl's own context type, when it reads the run and its class declared one.
  const typedEntryText = usesRun && ps.contextType ? entry(`run: ${runType}`) : entryText;
  return { entryText, typedEntryText, moduleFunctions, sharedFunctions, implIds, schemaTypeImports };
}
