/**
 * tool-class-to-capability: moves every capability-kind Tool class of the selected namespaces
 * into `<capabilitiesDir>/<ns>.specs.ts` (data-only specs) and `<ns>.ts` (impls taking the
 * run), registers the namespace in `registry.ts`, records categories in the snapshot, and
 * removes (or, with keepShims, shims) the class. Classes it cannot move safely are refused with
 * a reason naming file:line and what would unblock them; other kinds are never touched.
 * Pure: reads and writes only the VirtualTree. Run by codemods/runner/ (see codemods/index.ts).
 */
import type { Codemod } from "../codemod.js";
import type { UnitResult } from "../plan.js";
import { createMorphProject } from "./emit/morph.js";
import { CODEMOD_NAME, migrateNamespace } from "./migrate-namespace.js";

export { REFUSAL_CODES, type RefusalCode } from "./analyze/class-refusals.js";

export const toolClassToCapability: Codemod = {
  name: CODEMOD_NAME,
  description:
    "Tool classes of kind capability → <ns>.specs.ts + <ns>.ts capability modules, registry entry, category snapshot",
  run(tree, ctx) {
    const project = createMorphProject();
    const out: UnitResult[] = [];
    for (const ns of ctx.namespaces) out.push(...migrateNamespace(project, tree, ctx, ns));
    return out;
  },
};

export default toolClassToCapability;
