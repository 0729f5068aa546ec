/** `ratchet`: what `capkit inventory --check` refuses to let grow. */
import { z } from "zod";
import { KINDS } from "../kinds.js";

export const ratchetSection = z.strictObject({
  /** Kinds ratcheted besides the capability-shaped counter (e.g. ["host-bridge"]). */
  kinds: z.array(z.enum(KINDS)).default([]),
  /** Root-relative path of the committed baseline. */
  baseline: z.string().min(1).default(".capkit/baseline.json"),
});
