/**
 * Capability module "agents": the implementations behind ./agents.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { TodoInput, askSpec, todoWriteSpec } from "./agents.specs.js";
import type { z } from "zod";

export const module: CapabilityModule<ProcessingContext> = {
  module: "agents",
  exports: [
    {
      spec: todoWriteSpec,
      impl: async (_run, rawArgs) => {
        const params = rawArgs as unknown as z.infer<typeof TodoInput>;
        return { count: params.todos.length };
      },
    },
    {
      spec: askSpec,
      impl: async (_run, params) => {
        return { asked: params["question"] };
      },
    },
  ],
};
