/**
 * The run-field types of the converting classes: each run field an old constructor fed keeps the
 * parameter's type in `<capabilitiesDir>/run-types.ts` (emit/run-types-file.ts writes it).
 */
import type { ClassParts } from "../analyze/build-parts.js";
import { HOST_TYPE_KEYS, runTypeMember, writeRunTypesFile, type RunTypeMember } from "../emit/run-types-file.js";
import type { NamespaceRun } from "./namespace-run.js";

export function writeRunTypes(run: NamespaceRun, converted: readonly ClassParts[]): void {
  const { tree, paths } = run;
  const members: RunTypeMember[] = [];
  for (const work of run.files.values()) {
    for (const p of work.parts.filter((x) => converted.includes(x))) {
      // run.context is typed through CapabilityModule<Ctx> instead (the runtime's own code assumes an unaugmented context).
      for (const [key, { type }] of p.analysis.depTypes) {
        if (!type || !HOST_TYPE_KEYS.has(key) || members.some((m) => m.key === key)) continue;
        const m = runTypeMember(key, type, work.sf, work.file, paths.runTypes);
        if (m) members.push(m);
      }
    }
  }
  if (members.length) tree.write(paths.runTypes, writeRunTypesFile(run.project, paths.runTypes, tree.read(paths.runTypes), run.ctx.runtimeImport, members));
}
