/**
 * Capability module "links": the implementations behind ./links.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { MAX_STEPS, runSteps } from "../sandbox.js";
import { MAX_LINKS } from "../schemas/limits.js";
import { collectLinksSpec, countStepsSpec } from "./links.specs.js";

export const module: CapabilityModule<ProcessingContext> = {
  module: "links",
  exports: [
    {
      spec: collectLinksSpec,
      impl: async (_run, params) => {
        return { url: String(params["url"]), links: [] as string[], max: MAX_LINKS };
      },
    },
    {
      spec: countStepsSpec,
      impl: async (_run, params) => {
        return { steps: runSteps(Number(params["steps"] ?? 1)), limit: MAX_STEPS };
      },
    },
  ],
};
