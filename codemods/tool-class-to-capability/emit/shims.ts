/**
 * --keep-shims: the text that replaces a migrated class so external `new XTool(deps)` keeps
 * working — a @deprecated class (merged with an interface extending the Tool base) whose
 * constructor returns the registry-backed Tool from `toolForCapabilityName`, with the old
 * constructor arguments carried on the run. `instanceof XTool` no longer holds for it.
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
  return `/**
 * @deprecated Migrated to the "${a.wireName}" capability (module "${ns}"). Build it with
 * \`toolForCapabilityName(${JSON.stringify(a.wireName)}, run)\`; this shim only keeps \`new ${name}(...)\` working.
 */
export interface ${name} extends ${a.baseName} {}
// eslint-disable-next-line @typescript-eslint/no-extraneous-class, @typescript-eslint/no-unsafe-declaration-merging
export class ${name} {
  constructor(${paramText}) {
    return toolForCapabilityName(${JSON.stringify(a.wireName)}, (context) => createCapabilityRun({ ${runFields} })) as ${name};
  }
}`;
}
