/** `namespaces`: how a class's proposed capability namespace is found. */
import type { ZodApi } from "./zod.js";

export const NAMESPACES_DEFAULTS = {
  fromFileName: true,
  byFile: {} as Record<string, string>,
  byWireName: {} as Record<string, string>,
};

export const namespacesSection = (z: ZodApi) =>
  z.strictObject({
    /** Take the namespace from a `<ns>-tools.ts` file name. */
    fromFileName: z.boolean().default(NAMESPACES_DEFAULTS.fromFileName),
    /** Root-relative file path (exact) → namespace; wins over the file name. */
    byFile: z.record(z.string(), z.string().min(1)).default(NAMESPACES_DEFAULTS.byFile),
    /** Wire name → namespace; wins over everything. */
    byWireName: z.record(z.string(), z.string().min(1)).default(NAMESPACES_DEFAULTS.byWireName),
  });
