/**
 * Capability module "weather": the implementations behind ./weather.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import { forecastSpec } from "./weather.specs.js";

export const module: CapabilityModule = {
  module: "weather",
  exports: [
    {
      spec: forecastSpec,
      impl: async (_run, params) => {
        return { place: params["place"], sky: "clear" };
      },
    },
  ],
};
