/**
 * Writes `<capabilitiesDir>/registry.ts`: created on first use on top of the runtime
 * (`createCapabilityRegistry` + `bindToolAdapters` bound to the codebase's own Tool class, the
 * allowed capabilities → tools import direction); each namespace adds one
 * `<ns>: { loader, specs }` entry. An existing entry is left alone, so re-runs never clobber.
 */
import { Node, SyntaxKind, type Project } from "ts-morph";
import { camel } from "../analyze/build-parts.js";
import { specifierAsWritten } from "../../shared/paths.js";
import { mergeImports } from "./imports.js";
import { insertBeforeClose, parseText } from "./morph.js";
import { specsArrayName } from "./specs-file.js";

export interface RegistryOptions {
  readonly runtimeImport: string;
  /** The base's module: a root-relative file, or a package specifier. */
  readonly toolModule: string;
  /** The specifier written as is (a package's, an alias that holds in the registry); null: relative to toolModule. */
  readonly toolImport: string | null;
  readonly baseName: string;
  /** The base has no `process` (LangChain's): the adapters extend a generated bridge (tool-base.ts). */
  readonly bridge: boolean;
  /** The old category map (name and root-relative file), bound so gateTools classes host tools as before. */
  readonly categories: { readonly name: string; readonly file: string } | null;
}

/**
 * The adapters' base for a Tool class without `process` (LangChain's `Tool`/`StructuredTool`,
 * which validate the input against `schema` and run `_call`): `_call` hands the validated input
 * to the adapters' `process` and returns its result as the text LangChain expects.
 */
function bridgeClass(baseName: string): string {
  return `
/**
 * The base the Tool adapters extend: ${baseName} runs a tool as _call(input) after checking the
 * input against its schema (a spec's zod schema, else its JSON schema: inputSchemaAsSchema), and
 * has no process(context, params), which the adapters implement. A Tool built here runs its
 * capability with the run it was given (no host context: LangChain passes none).
 */
abstract class CapabilityBridgeTool extends ${baseName} {
  abstract process(context: unknown, params: Record<string, unknown>): Promise<unknown>;

  protected async _call(input: unknown): Promise<string> {
    const params = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : { input };
    const out = await this.process(undefined, params);
    return typeof out === "string" ? out : JSON.stringify(out);
  }
}
`;
}

function skeleton(path: string, opts: RegistryOptions): string {
  const { runtimeImport, baseName } = opts;
  const toolSpecifier = opts.toolImport ?? specifierAsWritten(path, opts.toolModule);
  const bound = opts.bridge ? "CapabilityBridgeTool" : baseName;
  const tool = bound === "Tool" ? "Tool" : `Tool: ${bound}`;
  const bridgeOption = opts.bridge ? "\n  inputSchemaAsSchema: true," : "";
  const catImport = opts.categories
    ? `\nimport { ${opts.categories.name} } from ${JSON.stringify(specifierAsWritten(path, opts.categories.file))};`
    : "";
  const catOption = opts.categories ? `\n  categories: ${opts.categories.name},` : "";
  return `/**
 * The capability registry: every module's specs, read eagerly, beside one lazy loader per
 * module (an implementation loads on its first call, from the one module that owns it). Also
 * exports the Tool adapters bound to this codebase's Tool class, for call sites that still
 * assemble Tool[] belts. Written by \`capkit migrate\`; one entry per migrated namespace.
 */
import { bindToolAdapters, createCapabilityRegistry } from ${JSON.stringify(runtimeImport)};
import { ${baseName} } from ${JSON.stringify(toolSpecifier)};${catImport}
${opts.bridge ? bridgeClass(baseName) : ""}
export const registry = createCapabilityRegistry({
});

export const { toolFromCapability, toolFromLazyCapability, toolForCapabilityName, capabilityFromTool, gateTools } = bindToolAdapters<${bound}>({
  ${tool},
  registry,${catOption}${bridgeOption}
});
`;
}

export function registryKey(ns: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(ns) ? ns : JSON.stringify(ns);
}

export function writeRegistryFile(
  project: Project,
  path: string,
  existing: string | null,
  ns: string,
  opts: RegistryOptions,
): string {
  let text = existing ?? skeleton(path, opts);
  const sf = parseText(project, path, text);
  // The usual shape first (cheap); a hand-edited registry falls back to a full search.
  const init = sf.getVariableDeclaration("registry")?.getInitializer();
  const call =
    Node.isCallExpression(init) && init.getExpression().getText() === "createCapabilityRegistry"
      ? init
      : sf
          .getDescendantsOfKind(SyntaxKind.CallExpression)
          .find((n) => n.getExpression().getText() === "createCapabilityRegistry");
  const table = Node.isCallExpression(call) ? call.getArguments()[0] : undefined;
  if (!Node.isObjectLiteralExpression(table))
    throw new Error(`${path}: no createCapabilityRegistry({ ... }) table to add "${ns}" to`);
  if (table.getProperty(registryKey(ns)) || table.getProperty(ns)) return text;
  const dir = path.slice(0, path.lastIndexOf("/") + 1);
  const entry = `  ${registryKey(ns)}: { loader: () => import(${JSON.stringify(`./${ns}.js`)}).then((m) => m.module), specs: ${specsArrayName(ns)} },`;
  text = insertBeforeClose(text, table.getEnd() - 1, table.getStart(), entry);
  void camel;
  return mergeImports(parseText(project, path, text), [
    {
      specifier: specifierAsWritten(path, `${dir}${ns}.specs.ts`),
      imported: specsArrayName(ns),
      local: specsArrayName(ns),
      typeOnly: false,
    },
  ]);
}
