/**
 * Capability module "search": the implementations behind ./search.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import { echoSearchSpec, keyedSearchSpec } from "./search.specs.js";

/** A run field the old constructor required: fail clearly when the host did not put it on the run. */
function requireRunField<T>(value: T | undefined, field: string, capability: string): T {
  if (value === undefined) throw new Error(`${capability} needs run.${field}: build the CapabilityRun with it (it used to be a constructor argument)`);
  return value;
}

export const module: CapabilityModule = {
  module: "search",
  exports: [
    {
      spec: echoSearchSpec,
      impl: async (_run, rawArgs): Promise<string> => {
        const input = rawArgs["input"] as string;
        return `results for ${input}`;
      },
    },
    {
      spec: keyedSearchSpec,
      impl: async (run, rawArgs): Promise<string> => {
        const input = rawArgs["input"] as string;
        const res = await fetch(`https://search.example/?q=${encodeURIComponent(input)}&key=${requireRunField(run.apiKey, "apiKey", "keyed_search")}`);
        return res.text();
      },
    },
  ],
};
