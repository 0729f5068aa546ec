/**
 * --keep-shims: the text that replaces a migrated class so external `new XTool(deps)` keeps
 * working — a @deprecated class (merged with an interface extending the Tool base) whose
 * constructor returns the registry-backed Tool from `toolForCapabilityName`, with the old
 * constructor arguments carried on the run. That Tool is not built by the shim, so the shim
 * answers `instanceof XTool` itself (`static [Symbol.hasInstance]`): a Tool (an instance of the
 * base) whose wire name is the capability's. The name is the most specific thing the Tool
 * carries — the spec behind it lives in the adapters' private WeakMap, and a registry written by
 * an earlier capkit run need not export `specOfTool` — and wire names are unique in a registry.
 * It is also the test tool-construction-to-name rewrites `instanceof XTool` into, so on every
 * Tool a site that codemod reached and one it did not (code outside the root) answer alike;
 * gated wrappers from `gateTools` keep the name and are instances too.
 * While it lives, this file imports the capabilities side: delete the shim with its last caller.
 */
import type { ClassAnalysis } from "../analyze/analyze-class.js";

export function shimText(a: ClassAnalysis, ns: string): string {
  const ctor = a.cls.getConstructors()[0];
  const params = ctor?.getParameters() ?? [];
  const paramText = params
    .map((p) => `${p.getName()}${p.hasQuestionToken() ? "?" : ""}${p.getTypeNode() ? `: ${p.getTypeNode()?.getText()}` : ""}`)
    .join(", ");
  const fields = params.map((p) => {
    const field = a.depFields.get(p.getName()) ?? p.getName();
    return field === p.getName() ? field : `${field}: ${p.getName()}`;
  });
  const runFields = ["context", "registry: capabilityRegistry", ...fields].join(", ");
  const name = a.className;
  const wire = JSON.stringify(a.wireName);
  return `/**
 * @deprecated Migrated to the "${a.wireName}" capability (module "${ns}"). Build it with
 * \`toolForCapabilityName(${wire}, run)\`; this shim only keeps \`new ${name}(...)\` and
 * \`instanceof ${name}\` (a ${a.baseName} named ${wire}) working.
 */
export interface ${name} extends ${a.baseName} {}
// eslint-disable-next-line @typescript-eslint/no-extraneous-class, @typescript-eslint/no-unsafe-declaration-merging
export class ${name} {
  constructor(${paramText}) {
    return toolForCapabilityName(${wire}, (context) => createCapabilityRun({ ${runFields} })) as ${name};
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof ${a.baseName} && value.name === ${wire};
  }
}`;
}
