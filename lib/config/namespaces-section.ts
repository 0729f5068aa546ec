/** `namespaces`: how a class's proposed capability namespace is found. */
import { z } from "zod";

export const namespacesSection = z.strictObject({
  /** Take the namespace from a `<ns>-tools.ts` file name. */
  fromFileName: z.boolean().default(true),
  /** Root-relative file path (exact) → namespace; wins over the file name. */
  byFile: z.record(z.string(), z.string().min(1)).default({}),
  /** Wire name → namespace; wins over everything. */
  byWireName: z.record(z.string(), z.string().min(1)).default({}),
});
