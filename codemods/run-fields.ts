/**
 * Which CapabilityRun field an old constructor parameter becomes — one rule for the class move
 * (which reads the field in the impl) and the call-site rewrite (which fills it where the class
 * was constructed), so both always agree: the configured `codemods.runFields` entry for the
 * parameter (or for the class field it is stored in), else a field named after the parameter,
 * which migrate then reports as created. Fields the run itself owns cannot be taken.
 */

/** Keys of CapabilityRun / createCapabilityRun options that are not host data. */
export const RESERVED_RUN_FIELDS: ReadonlySet<string> = new Set([
  "context",
  "gate",
  "registry",
  "invoke",
  "capabilities",
  "onInvoke",
  "contextGate",
]);

export type RunFieldChoice =
  | {
      readonly ok: true;
      readonly field: string;
      /** Not configured: named after the parameter. */ readonly created: boolean;
    }
  | { readonly ok: false; readonly field: string; readonly reason: string };

export function runFieldFor(
  param: string,
  runFields: Readonly<Record<string, string>>,
  classField?: string,
): RunFieldChoice {
  const configured = runFields[param] ?? (classField === undefined ? undefined : runFields[classField]);
  const field = configured ?? param;
  if (RESERVED_RUN_FIELDS.has(field)) {
    return {
      ok: false,
      field,
      reason: configured
        ? `constructor parameter \`${param}\` maps to the reserved run field "${field}"; map it to another field in codemods.runFields`
        : `constructor parameter \`${param}\` would become run field "${field}", which the run itself owns; add "${param}": "<runField>" to codemods.runFields in capkit.config.json`,
    };
  }
  return { ok: true, field, created: configured === undefined };
}
