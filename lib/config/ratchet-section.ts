/** `ratchet`: what `capkit inventory --check` refuses to let grow. */
import type { ZodApi } from "./zod.js";
import { KINDS, type Kind } from "../kinds.js";

export const RATCHET_DEFAULTS = { kinds: [] as Kind[], baseline: ".capkit/baseline.json" };

export const ratchetSection = (z: ZodApi) =>
  z.strictObject({
    /** Kinds ratcheted besides the capability-shaped counter (e.g. ["host-bridge"]). */
    kinds: z.array(z.enum(KINDS)).default(RATCHET_DEFAULTS.kinds),
    /** Root-relative path of the committed baseline. */
    baseline: z.string().min(1).default(RATCHET_DEFAULTS.baseline),
  });
