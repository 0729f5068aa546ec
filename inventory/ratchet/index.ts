/** The ratchet: a committed baseline of the counters and the check against it. */
export {
  BASELINE_COMMENT,
  BASELINE_VERSION,
  buildBaseline,
  classKey,
  readBaseline,
  serializeBaseline,
  writeBaseline,
  type Baseline,
} from "./ratchet-baseline.js";
export { baselineChange, checkRatchet, ratchetExitCode, ratchetedCounters, type BaselineChange } from "./check.js";
