/**
 * Capability module "text": the implementations behind ./text.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import { RepeatInput, repeatSpec, reverseSpec } from "./text.specs.js";
import type { z } from "zod";

export const module: CapabilityModule = {
  module: "text",
  exports: [
    {
      spec: reverseSpec,
      impl: async (_run, rawArgs): Promise<string> => {
        const input = rawArgs["input"] as string;
        return [...input].reverse().join("");
      },
    },
    {
      spec: repeatSpec,
      impl: async (_run, rawArgs): Promise<string> => {
        const { text, times } = rawArgs as unknown as z.infer<typeof RepeatInput>;
        return text.repeat(times);
      },
    },
  ],
};
