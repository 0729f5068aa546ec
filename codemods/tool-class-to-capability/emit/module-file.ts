/**
 * Writes `<capabilitiesDir>/<ns>.ts`: `export const module: CapabilityModule = { module, exports }`
 * with one `{ spec, impl }` per class in source order. Created on first use, otherwise added to:
 * moved helpers and module functions go before `export const module`, entries at the end of
 * `exports`, imports on top (specs come back from `./<ns>.specs.js` — one object, not a copy).
 */
import { Node, type Project, type SourceFile, type TypeNode } from "ts-morph";
import type { ImportNeed } from "../../shared/imports.js";
import { mergeImportsInHead } from "./imports.js";
import { insertBeforeClose, parseText } from "./morph.js";

export interface ModuleInput {
  readonly imports: readonly ImportNeed[];
  readonly statements: readonly string[];
  readonly entries: readonly string[];
  /**
   * The host context type for `CapabilityModule<Ctx>`, e.g. "ProcessingContext": a new file's, or
   * an existing file's widened to the contexts a later run brings (see moduleContextOperands).
   */
  readonly contextType: string | null;
}

const REQUIRE_RUN_FIELD = `/** A run field the old constructor required: fail clearly when the host did not put it on the run. */
function requireRunField<T>(value: T | undefined, field: string, capability: string): T {
  if (value === undefined) throw new Error(\`\${capability} needs run.\${field}: build the CapabilityRun with it (it used to be a constructor argument)\`);
  return value;
}`;

function skeleton(ns: string, runtimeImport: string, contextType: string | null): string {
  return `/**
 * Capability module "${ns}": the implementations behind ./${ns}.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by \`capkit migrate\`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from ${JSON.stringify(runtimeImport)};

export const module: CapabilityModule${contextType ? `<${contextType}>` : ""} = {
  module: ${JSON.stringify(ns)},
  exports: [
  ],
};
`;
}

/** The `Ctx` node of `export const module: CapabilityModule<Ctx>`, or null when it has none. */
function contextTypeNode(sf: SourceFile): TypeNode | null {
  const annotation = sf.getVariableStatement("module")?.getDeclarations()[0]?.getTypeNode();
  if (!Node.isTypeReference(annotation)) return null;
  return annotation.getTypeArguments()[0] ?? null;
}

/**
 * The context types an existing module file is typed by (`A & B` → ["A", "B"]; none → []), or
 * null when there is no file yet: a later run types new impls against them (pipeline/emit.ts).
 */
export function moduleContextOperands(project: Project, path: string, existing: string | null): string[] | null {
  if (existing === null) return null;
  const ctx = contextTypeNode(parseText(project, path, existing));
  if (!ctx) return [];
  return Node.isIntersectionTypeNode(ctx) ? ctx.getTypeNodes().map((t) => t.getText()) : [ctx.getText()];
}

/** `text` with the module's annotation set to `CapabilityModule<contextType>` (a later run's wider context). */
function withContextType(project: Project, path: string, text: string, contextType: string | null): string {
  if (contextType === null) return text;
  const sf = parseText(project, path, text);
  const ctx = contextTypeNode(sf);
  if (ctx)
    return ctx.getText() === contextType
      ? text
      : `${text.slice(0, ctx.getStart())}${contextType}${text.slice(ctx.getEnd())}`;
  const annotation = sf.getVariableStatement("module")?.getDeclarations()[0]?.getTypeNode();
  if (!annotation) return text;
  return `${text.slice(0, annotation.getEnd())}<${contextType}>${text.slice(annotation.getEnd())}`;
}

export function writeModuleFile(
  project: Project,
  path: string,
  existing: string | null,
  ns: string,
  runtimeImport: string,
  input: ModuleInput,
): string {
  let text =
    existing === null
      ? skeleton(ns, runtimeImport, input.contextType)
      : withContextType(project, path, existing, input.contextType);
  const sf = parseText(project, path, text);
  const anchor = sf.getVariableStatement("module");
  const obj = anchor?.getDeclarations()[0]?.getInitializer();
  const prop = Node.isObjectLiteralExpression(obj) ? obj.getProperty("exports") : undefined;
  const array = Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
  if (!anchor || !Node.isArrayLiteralExpression(array))
    throw new Error(`${path}: no \`export const module = { exports: [...] }\` to add to`);
  // Everything goes in at or after the anchor, so the text before it (the imports) stays as parsed.
  const at = anchor.getStart();
  const head = importsBefore(sf, at) ? at : null;
  text = insertBeforeClose(text, array.getEnd() - 1, array.getStart(), input.entries.join("\n"));
  const moved = input.statements.length ? `${input.statements.map((s) => s.trimEnd()).join("\n\n")}\n\n` : "";
  text = `${text.slice(0, at)}${moved}${text.slice(at)}`;
  if (text.includes("requireRunField(") && !text.includes("function requireRunField")) {
    const before = at + moved.length;
    text = `${text.slice(0, before)}${REQUIRE_RUN_FIELD}\n\n${text.slice(before)}`;
  }
  const needs: ImportNeed[] = [
    { specifier: runtimeImport, imported: "CapabilityModule", local: "CapabilityModule", typeOnly: true },
    ...input.imports,
  ];
  if (/\brun: CapabilityRun\b/.test(text))
    needs.push({ specifier: runtimeImport, imported: "CapabilityRun", local: "CapabilityRun", typeOnly: true });
  return mergeImportsInHead(path, text, head ?? text.length, needs);
}

/** Whether every import of `sf` ends before `pos`. */
function importsBefore(sf: SourceFile, pos: number): boolean {
  return sf.getImportDeclarations().every((d) => d.getEnd() <= pos);
}
