/**
 * Writes `<capabilitiesDir>/<ns>.ts`: `export const module: CapabilityModule = { module, exports }`
 * with one `{ spec, impl }` per class in source order. Created on first use, otherwise added to:
 * moved helpers and module functions go before `export const module`, entries at the end of
 * `exports`, imports on top (specs come back from `./<ns>.specs.js` — one object, not a copy).
 */
import { Node, type Project } from "ts-morph";
import { mergeImports, type ImportNeed } from "./imports.js";
import { insertBeforeClose, parseText } from "./morph.js";

export interface ModuleInput {
  readonly imports: readonly ImportNeed[];
  readonly statements: readonly string[];
  readonly entries: readonly string[];
}

function skeleton(ns: string, runtimeImport: string): string {
  return `/**
 * Capability module "${ns}": the implementations behind ./${ns}.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by \`capkit migrate\`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from ${JSON.stringify(runtimeImport)};

export const module: CapabilityModule = {
  module: ${JSON.stringify(ns)},
  exports: [
  ],
};
`;
}

export function writeModuleFile(project: Project, path: string, existing: string | null, ns: string, runtimeImport: string, input: ModuleInput): string {
  let text = existing ?? skeleton(ns, runtimeImport);
  let sf = parseText(project, path, text);
  const anchor = sf.getVariableStatement("module");
  const obj = anchor?.getDeclarations()[0]?.getInitializer();
  const prop = Node.isObjectLiteralExpression(obj) ? obj.getProperty("exports") : undefined;
  const array = Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
  if (!anchor || !Node.isArrayLiteralExpression(array)) throw new Error(`${path}: no \`export const module = { exports: [...] }\` to add to`);
  text = insertBeforeClose(text, array.getEnd() - 1, array.getStart(), input.entries.join("\n"));
  if (input.statements.length) {
    const at = anchor.getStart();
    text = `${text.slice(0, at)}${input.statements.map((s) => s.trimEnd()).join("\n\n")}\n\n${text.slice(at)}`;
  }
  sf = parseText(project, path, text);
  const needs: ImportNeed[] = [{ specifier: runtimeImport, imported: "CapabilityModule", local: "CapabilityModule", typeOnly: true }, ...input.imports];
  if (/\brun: CapabilityRun\b/.test(text)) needs.push({ specifier: runtimeImport, imported: "CapabilityRun", local: "CapabilityRun", typeOnly: true });
  return mergeImports(sf, needs);
}
