/**
 * Capability module "flow": the implementations behind ./flow.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule, CapabilityRun } from "capkit/runtime";
import type { ProcessingContext, WorkflowContext } from "../context.js";
import { listStepsSpec, pingSpec, whoAmISpec } from "./flow.specs.js";

export const module: CapabilityModule<ProcessingContext & WorkflowContext> = {
  module: "flow",
  exports: [
    {
      spec: whoAmISpec,
      impl: async (run: CapabilityRun<ProcessingContext>, args) => {
        return { userId: run.context.userId };
      },
    },
    {
      spec: listStepsSpec,
      impl: async (run: CapabilityRun<WorkflowContext>, args) => {
        return { workflow: run.context.workflowId, steps: [...run.context.steps] };
      },
    },
    {
      spec: pingSpec,
      impl: async (_run, args) => {
        return "pong";
      },
    },
  ],
};
