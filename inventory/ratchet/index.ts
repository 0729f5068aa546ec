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
export { checkRatchet, ratchetExitCode, ratchetedCounters } from "./check.js";
