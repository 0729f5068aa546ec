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
import { SyntaxKind, type Project } from "ts-morph";
import type { ClassAnalysis } from "../analyze/analyze-class.js";
import type { VirtualTree } from "../../plan.js";
import { parseText } from "./morph.js";

export function shimText(a: ClassAnalysis, ns: string): string {
  const ctor = a.cls.getConstructors()[0];
  const params = ctor?.getParameters() ?? [];
  const paramText = params
    .map(
      (p) =>
        `${p.getName()}${p.hasQuestionToken() || p.getInitializer() ? "?" : ""}${p.getTypeNode() ? `: ${p.getTypeNode()?.getText()}` : ""}`,
    )
    .join(", ");
  const fields = params.map((p) => {
    const field = a.paramFields.get(p.getName()) ?? p.getName();
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

/**
 * --keep-shims with an abstract intermediate kept (`FetchTool`): the shims of its migrated
 * subclasses build registry Tools, which do not extend it, so `x instanceof FetchTool` would be
 * false for them. The intermediate gains the shims' test as a fallback: a Tool named like one of
 * the capabilities migrated from its subclasses counts, when asked of the intermediate itself
 * (its remaining subclasses keep their ordinary `instanceof`). Written into the file as it is
 * now in the tree; a class that already answers `Symbol.hasInstance` is left alone (re-runs too).
 */
export function addIntermediateHasInstance(
  project: Project,
  tree: VirtualTree,
  file: string,
  className: string,
  wires: readonly string[],
): void {
  const text = tree.read(file);
  if (text === null || wires.length === 0) return;
  const cls = parseText(project, `.capkit-scratch/${file}`, text).getClass(className);
  const open = cls?.getFirstChildByKind(SyntaxKind.OpenBraceToken);
  const base = cls?.getExtends()?.getExpression().getText();
  if (!cls || !open || !base || cls.getText().includes("[Symbol.hasInstance]")) return;
  const member = `
  /**
   * Added by capkit migrate --keep-shims; remove it with the shims. The tools they build
   * (${wires.map((w) => `"${w}"`).join(", ")}) are registry Tools, not subclasses of this class:
   * they count as instances, as for the shims' own \`instanceof\`.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    return this === ${className} && value instanceof ${base} && ${JSON.stringify(wires)}.includes(value.name);
  }
`;
  tree.write(file, text.slice(0, open.getEnd()) + member + text.slice(open.getEnd()));
}
