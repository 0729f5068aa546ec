/**
 * Turns one analysed class into the text of its new pieces: the spec object (for
 * `<ns>.specs.ts`), the `{ spec, impl }` entry and any module functions (for `<ns>.ts`), plus
 * the identifiers each side still references, so dependencies.ts can move or import them.
 */
import { Node, type Identifier, type MethodDeclaration, type ParameterDeclaration } from "ts-morph";
import type { PermissionCategory } from "../../../inventory/types.js";
import type { ClassAnalysis } from "./analyze-class.js";
import { referenceIdentifiers, rewriteNode, type HelperRef, type RewriteScope } from "./rewrite-body.js";
import { refuse } from "./refusals.js";
import { startLineOf } from "../../shared/line-number.js";

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

const LOOSE_ARGS = /^(Record<string,\s*unknown>|Record<string,\s*any>|\{\s*\[\w+:\s*string\]:\s*unknown\s*\})$/;

/** How an args parameter survives the move: kept as is, or renamed and cast on the first line. */
function adaptArgs(
  param: ParameterDeclaration | undefined,
  fallback: string,
): { param: string; castLine: string | null; ids: Identifier[] } {
  if (!param) return { param: fallback, castLine: null, ids: [] };
  const nameNode = param.getNameNode();
  const typeNode = param.getTypeNode();
  if (Node.isIdentifier(nameNode) && (!typeNode || LOOSE_ARGS.test(typeNode.getText())))
    return { param: nameNode.getText(), castLine: null, ids: [] };
  const type = typeNode ? typeNode.getText() : "Record<string, unknown>";
  return {
    param: "rawArgs",
    castLine: `const ${nameNode.getText()} = rawArgs as unknown as ${type};`,
    ids: typeNode ? referenceIdentifiers(typeNode) : [],
  };
}

function withCast(block: string, castLine: string | null, indent: string): string {
  if (!castLine) return block;
  return block.replace(/^\{/, `{\n${indent}  ${castLine}`);
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

/** `shared`: intermediate methods that become one module function for all subclasses (flatten.ts). */
export function buildParts(
  a: ClassAnalysis,
  allocate: (preferred: string, fallback: string) => string,
  shared: ReadonlyMap<MethodDeclaration, string> = new Map(),
): ClassParts {
  const specVar = allocate(`${camel(a.wireName)}Spec`, `${camel(a.wireName)}CapabilitySpec`);
  const implName = `${camel(a.wireName)}Impl`;
  const warnings: string[] = [];
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
  const helpers = new Map<string, HelperRef>();
  for (const m of a.privateMethods) {
    const bare = m.getName().replace(/^#/, "");
    const own = `${camel(a.wireName)}${bare.replace(/^./, (c) => c.toUpperCase())}`;
    // A per-subclass copy of a flattened intermediate's method is always named after its capability.
    const preferred = a.inherited && m.getParent() === a.inherited ? own : bare;
    helpers.set(m.getName(), { fnName: shared.get(m) ?? allocate(preferred, own), needsRun: false });
  }
  const [ctxParam, argsParam, ...extra] = a.process.getParameters();
  if (extra.length > 0)
    refuse(
      "unsupported-shape",
      a.file,
      startLineOf(a.process),
      "process takes more than (context, params)",
      "drop the extra parameters",
    );
  const ctxName = ctxParam && Node.isIdentifier(ctxParam.getNameNode()) ? ctxParam.getName() : undefined;
  const ctxTypeNode = ctxParam?.getTypeNode();
  const contextType = ctxTypeNode && !/^(any|unknown)$/.test(ctxTypeNode.getText()) ? ctxTypeNode.getText() : null;
  const runType = contextType ? `CapabilityRun<${contextType}>` : "CapabilityRun";
  const scope = (mode: "impl" | "spec", withContext: boolean): RewriteScope => ({
    file: a.file,
    wireName: a.wireName,
    specVar,
    implName,
    depFields: a.depFields,
    helpers,
    contextSymbol: withContext ? ctxParam?.getNameNode().getSymbol() : undefined,
    contextName: ctxName,
    mode,
    baseName: a.baseName,
    // `super.userMessage` in a subclass's own userMessage would reach the flattened intermediate's.
    superMessageIsDefault: !(
      a.inherited?.getInstanceMethod("userMessage")?.getBody() && a.userMessage?.getParent() === a.cls
    ),
  });

  // Spec side.
  const specIds: Identifier[] = [];
  const spec = (node: Node, indent: string): string => {
    const r = rewriteNode(node, scope("spec", false), indent);
    specIds.push(...r.identifiers);
    return r.text;
  };
  const lines: string[] = [`  name: ${JSON.stringify(a.wireName)},`, `  description: ${spec(a.description, "  ")},`];
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
  } else lines.push(`  inputSchema: { type: "object", properties: {} },`);
  lines.push(`  category: ${JSON.stringify(category)},`);
  if (a.needsToolCallId) lines.push("  needsToolCallId: true,");
  if (a.userMessage) {
    const um = a.userMessage;
    const adapted = adaptArgs(um.getParameters()[0], "");
    specIds.push(...adapted.ids);
    const body = um.getBodyOrThrow();
    const statements = Node.isBlock(body) ? body.getStatements() : [];
    const only = statements.length === 1 ? statements[0] : undefined;
    const expr = Node.isReturnStatement(only) && !adapted.castLine ? only.getExpression() : undefined;
    const text = expr ? spec(expr, "  ") : withCast(spec(body, "  "), adapted.castLine, "  ");
    // Dropping `Tool.extractMessage(params)` (the runtime reads `_message` itself) can leave the
    // parameter unused: name it `_params` so noUnusedParameters stays as quiet as it was.
    const unused =
      /^[A-Za-z$][\w$]*$/.test(adapted.param) && !new RegExp(`\\b${adapted.param.replace(/\$/g, "\\$")}\\b`).test(text);
    lines.push(`  userMessage: (${unused ? `_${adapted.param}` : adapted.param}) => ${text},`);
  }
  const doc = a.doc ? `${a.doc}\n` : "";
  const specText = `${hoisted}${doc}export const ${specVar}: CapabilitySpec = {\n${lines.join("\n")}\n};\n`;

  // Impl side: settle which helpers need `run` (a fixpoint over helpers calling helpers).
  const implIds: Identifier[] = [];
  for (let changed = true, guard = 0; changed && guard <= helpers.size + 1; guard++) {
    changed = false;
    for (const m of a.privateMethods) {
      const ref = helpers.get(m.getName());
      if (!ref || ref.needsRun) continue;
      if (rewriteNode(m.getBodyOrThrow(), scope("impl", false), "").usesRun) {
        ref.needsRun = true;
        changed = true;
      }
    }
  }
  const moduleFunctions: string[] = [];
  const sharedFunctions: ClassParts["sharedFunctions"] = [];
  for (const m of a.privateMethods) {
    const ref = helpers.get(m.getName());
    if (!ref) continue;
    const r = rewriteNode(m.getBodyOrThrow(), scope("impl", false), "");
    implIds.push(...r.identifiers, ...m.getParameters().flatMap((p) => referenceIdentifiers(p)));
    const rt = m.getReturnTypeNode();
    if (rt) implIds.push(...referenceIdentifiers(rt));
    const fn = functionFromMethod(m, ref.fnName, ref.needsRun, r.text, runType);
    if (shared.has(m)) sharedFunctions.push({ name: ref.fnName, text: fn });
    else moduleFunctions.push(fn);
  }
  const adapted = adaptArgs(argsParam, "args");
  implIds.push(...adapted.ids);
  if (ctxTypeNode && contextType) implIds.push(...referenceIdentifiers(ctxTypeNode));
  const rt = a.process.getReturnTypeNode();
  const retText = rt ? `: ${rt.getText()}` : "";
  if (rt) implIds.push(...referenceIdentifiers(rt));
  const probe = rewriteNode(a.process.getBodyOrThrow(), scope("impl", true), "      ");
  implIds.push(...probe.identifiers, ...a.fieldIds);
  let entryText: string;
  if (probe.recursive) {
    const body = rewriteNode(a.process.getBodyOrThrow(), scope("impl", true), "");
    moduleFunctions.push(
      `async function ${implName}(run: ${runType}, ${adapted.param}: Record<string, unknown>)${retText || ": Promise<unknown>"} ${withCast(body.text, adapted.castLine, "")}`,
    );
    entryText = `    { spec: ${specVar}, impl: ${implName} },`;
  } else {
    const runParam = probe.usesRun ? "run" : "_run";
    entryText = `    {\n      spec: ${specVar},\n      impl: async (${runParam}, ${adapted.param})${retText} => ${withCast(probe.text, adapted.castLine, "      ")},\n    },`;
  }
  return {
    analysis: a,
    specVar,
    category,
    warnings,
    specText,
    usesZodHelper,
    entryText,
    moduleFunctions,
    sharedFunctions,
    specIds,
    implIds,
    contextType,
  };
}
