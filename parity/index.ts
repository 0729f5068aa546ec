/**
 * capkit/parity — prove a migrated capability registry behaves like the Tool classes it
 * replaced: drift, category snapshot (and the old map), gate parity through the QuickJS
 * sandbox vs a direct invoke, behaviour record / replay, and a mutation self-check.
 *
 *   runParity(root, { mutants })   → ParityResult      (what `capkit parity` and the demo run)
 *   recordParityAt(root)           → the recording      (`capkit parity --record`, pre-migration)
 *   runChecks(target)              → ParityResult      (over a registry you already hold)
 *
 * The vitest suite helper, describeCapabilityParity(registry, options), has its own entry,
 * `capkit/parity/vitest`, so this one loads without vitest installed.
 */
export {
  recordParityAt,
  runChecks,
  runMutants,
  runParity,
  type RecordOptions,
  type RecordResult,
  type RunChecksOptions,
  type RunParityOptions,
} from "./engine.js";
export { driftCheck, categoryCheck } from "./static-checks.js";
export { gateParityCheck, observedRegistry, pickCanaries } from "./gate-parity.js";
export { gateCases, type GateCall, type GateCase, type GateEvent } from "./gate-cases.js";
export { behaviourCheck } from "./replay.js";
export { recordParity, RECORDING_COMMENT, type RecordInput, type RecordableTool } from "./record.js";
export { MUTANTS, type Mutant } from "./mutants.js";
export { generateInputs, sampleValue, type InputKind } from "./inputs.js";
export { canonical, firstDifference, maskNondeterministic, outcomeOf, stableJson, IGNORED } from "./normalize.js";
export { loadParityTarget, runFieldsFromDeps, type ModuleImporter } from "./load-target.js";
export { renderParityText, recordingSummary } from "./render-text.js";
export type * from "./types.js";
