/**
 * Capability module "tally": the implementations behind ./tally.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { readAliasSpec, readLoopSpec } from "./tally.specs.js";

export const module: CapabilityModule<ProcessingContext> = {
  module: "tally",
  exports: [
    {
      spec: readAliasSpec,
      impl: async (run, params) => {
        const l = { max: 3 };
        let n = l.max;
        n++;
        return { allowed: Number(params["n"]) < n };
      },
    },
    {
      spec: readLoopSpec,
      impl: async (run, _params) => {
        const keys: string[] = [];
        for (const d of ([{ key: "a" }])) keys.push(d.key);
        return { keys };
      },
    },
  ],
};
