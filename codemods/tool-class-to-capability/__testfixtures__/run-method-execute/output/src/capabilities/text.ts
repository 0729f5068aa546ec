/**
 * Capability module "text": the implementations behind ./text.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ToolContext } from "../context.js";
import { whoAmISpec, wordCountSpec } from "./text.specs.js";

export const module: CapabilityModule<ToolContext> = {
  module: "text",
  exports: [
    {
      spec: wordCountSpec,
      impl: async (_run, rawArgs) => {
        const params = rawArgs as unknown as { text: string };
        return { words: params.text.split(/\s+/).filter(Boolean).length };
      },
    },
    {
      spec: whoAmISpec,
      impl: async (run, params) => {
        return { user: run.context.userId, note: params["note"] ?? null };
      },
    },
  ],
};
