/**
 * Capability module "text": the implementations behind ./text.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import { echoSpec, jokeSpec, shoutSpec } from "./text.specs.js";

export const module: CapabilityModule = {
  module: "text",
  exports: [
    {
      spec: echoSpec,
      impl: async (_run, params) => {
        return { text: params["text"] };
      },
    },
    {
      spec: shoutSpec,
      impl: async (_run, params) => {
        return { text: String(params["text"]).toUpperCase() };
      },
    },
    {
      spec: jokeSpec,
      impl: async (_run, args) => {
        return { joke: "knock knock" };
      },
    },
  ],
};
