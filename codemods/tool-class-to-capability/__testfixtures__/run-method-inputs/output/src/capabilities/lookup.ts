/**
 * Capability module "lookup": the implementations behind ./lookup.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import { LookupInput } from "../schemas/lookup.shared.js";
import type { countKeysSchema } from "./lookup.specs.js";
import { countKeysSpec, lookupKeySpec, plainLookupSpec } from "./lookup.specs.js";
import type { z } from "zod";

export const module: CapabilityModule = {
  module: "lookup",
  exports: [
    {
      spec: lookupKeySpec,
      impl: async (_run, rawArgs): Promise<string> => {
        const { key } = rawArgs as unknown as z.infer<typeof LookupInput>;
        return `value of ${key}`;
      },
    },
    {
      spec: countKeysSpec,
      impl: async (_run, rawArgs): Promise<string> => {
        const arg = rawArgs as unknown as z.infer<typeof countKeysSchema>;
        return `${arg.prefix}: ${arg.limit ?? 10}`;
      },
    },
    {
      spec: plainLookupSpec,
      impl: async (_run, params): Promise<unknown> => {
        return { key: params["key"] };
      },
    },
  ],
};
