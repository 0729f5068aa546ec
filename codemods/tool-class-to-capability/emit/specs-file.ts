/**
 * Writes `<capabilitiesDir>/<ns>.specs.ts`: creates it on first use, otherwise adds to it —
 * moved constants and spec objects go before `export const <ns>Specs`, their names onto that
 * array, and the imports they need on top. Never rewrites what is already there.
 */
import type { Project } from "ts-morph";
import { Node } from "ts-morph";
import { camel } from "../analyze/build-parts.js";
import type { ImportNeed } from "../../shared/imports.js";
import { mergeImportsInHead } from "./imports.js";
import { insertBeforeClose, parseText } from "./morph.js";

export interface SpecsInput {
  readonly imports: readonly ImportNeed[];
  readonly statements: readonly string[];
  readonly specs: readonly { readonly specVar: string; readonly text: string }[];
  readonly usesZodHelper: boolean;
}

export function specsArrayName(ns: string): string {
  return `${camel(ns)}Specs`;
}

const ZOD_HELPER = `/** A zod schema as JSON schema without "$schema" — what Tool.inputSchema derived from \`get schema()\`. */
function toInputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}`;

function skeleton(ns: string, runtimeImport: string): string {
  return `/**
 * Capability specs of the "${ns}" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by \`capkit migrate\`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from ${JSON.stringify(runtimeImport)};

export const ${specsArrayName(ns)}: readonly CapabilitySpec[] = [
];
`;
}

export function writeSpecsFile(
  project: Project,
  path: string,
  existing: string | null,
  ns: string,
  runtimeImport: string,
  input: SpecsInput,
): string {
  let text = existing ?? skeleton(ns, runtimeImport);
  const sf = parseText(project, path, text);
  const arrayName = specsArrayName(ns);
  const anchor = sf.getVariableStatement(arrayName);
  const array = anchor?.getDeclarations()[0]?.getInitializer();
  if (!anchor || !Node.isArrayLiteralExpression(array))
    throw new Error(`${path}: no \`export const ${arrayName} = [...]\` to add specs to`);
  const chunks = [...input.statements];
  if (input.usesZodHelper && !text.includes("function toInputSchema(")) chunks.push(ZOD_HELPER);
  chunks.push(...input.specs.map((s) => s.text.trimEnd()));
  const entries = input.specs.map((s) => `  ${s.specVar},`).join("\n");
  // Array first (it is after the anchor's start), then the statements before the anchor.
  text = insertBeforeClose(text, array.getEnd() - 1, array.getStart(), entries);
  const at = anchor.getStart();
  const head = sf.getImportDeclarations().every((d) => d.getEnd() <= at) ? at : null;
  text = `${text.slice(0, at)}${chunks.join("\n\n")}\n\n${text.slice(at)}`;
  const needs: ImportNeed[] = [
    { specifier: runtimeImport, imported: "CapabilitySpec", local: "CapabilitySpec", typeOnly: true },
    ...input.imports,
  ];
  if (input.usesZodHelper) needs.push({ specifier: "zod", imported: "z", local: "z", typeOnly: false });
  return mergeImportsInHead(path, text, head ?? text.length, needs);
}
