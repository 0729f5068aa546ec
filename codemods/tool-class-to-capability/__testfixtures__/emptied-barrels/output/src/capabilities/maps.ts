/**
 * Capability module "maps": the implementations behind ./maps.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import { geocodeSpec } from "./maps.specs.js";

export const module: CapabilityModule = {
  module: "maps",
  exports: [
    {
      spec: geocodeSpec,
      impl: async (_run, params) => {
        return { address: params["address"], lat: 0, lon: 0 };
      },
    },
  ],
};
