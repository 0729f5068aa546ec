/**
 * Capability module "lookup": the implementations behind ./lookup.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import { plainLookupSpec } from "./lookup.specs.js";

export const module: CapabilityModule = {
  module: "lookup",
  exports: [
    {
      spec: plainLookupSpec,
      impl: async (_run, params): Promise<unknown> => {
        return { key: params["key"] };
      },
    },
  ],
};
