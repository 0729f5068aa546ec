/**
 * Capability module "jobs": the implementations behind ./jobs.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { JOB_STATUSES } from "../schemas/jobs.shared.js";
import { listJobsSpec } from "./jobs.specs.js";

export const module: CapabilityModule<ProcessingContext> = {
  module: "jobs",
  exports: [
    {
      spec: listJobsSpec,
      impl: async (run, params) => {
        const status = params["status"];
        const jobs = run.context.jobs.list(run.context.userId);
        return { jobs: typeof status === "string" && JOB_STATUSES.some((s) => s === status) ? jobs.filter((j) => j.status === status) : jobs };
      },
    },
  ],
};
