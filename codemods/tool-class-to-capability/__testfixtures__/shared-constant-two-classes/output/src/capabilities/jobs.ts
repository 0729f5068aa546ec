/**
 * Capability module "jobs": the implementations behind ./jobs.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { clearJobsSpec, countJobsSpec, listJobsSpec } from "./jobs.specs.js";

export const module: CapabilityModule<ProcessingContext> = {
  module: "jobs",
  exports: [
    {
      spec: clearJobsSpec,
      impl: async (run, args) => {
        return { cleared: run.context.jobs.list(run.context.userId).filter((j) => j.status === "done").length };
      },
    },
    {
      spec: listJobsSpec,
      impl: async (run, args) => {
        return { jobs: run.context.jobs.list(run.context.userId) };
      },
    },
    {
      spec: countJobsSpec,
      impl: async (run, args) => {
        return { count: run.context.jobs.list(run.context.userId).length };
      },
    },
  ],
};
