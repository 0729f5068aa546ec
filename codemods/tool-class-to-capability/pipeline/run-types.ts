/**
 * The run-field types of the converting classes: each run field an old constructor fed keeps the
 * parameter's type in `<capabilitiesDir>/run-types.ts` (emit/run-types-file.ts writes it) —
 * the runtime's own fields through CapabilityHostTypes, fields a migration added (a parameter
 * with no configured field) as optional CapabilityRunFields members.
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
      // Host fields keep their declared types; a field a migration added is declared once it has a type.
      for (const [key, { type, typeText }] of p.analysis.depTypes) {
        if (members.some((m) => m.key === key)) continue;
        if (HOST_TYPE_KEYS.has(key) ? !type : !typeText) continue;
        const m = runTypeMember(key, type ?? (typeText as string), work.sf, work.file, paths.runTypes);
        if (m) members.push(m);
      }
    }
  }
  if (members.length)
    tree.write(
      paths.runTypes,
      writeRunTypesFile(run.project, paths.runTypes, tree.read(paths.runTypes), run.ctx.runtimeImport, members),
    );
}
