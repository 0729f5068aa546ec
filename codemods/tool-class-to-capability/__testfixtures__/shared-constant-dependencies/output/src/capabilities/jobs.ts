/**
 * Capability module "jobs": the implementations behind ./jobs.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { MAX_LIMIT } from "../schemas/jobs.shared.js";
import { listJobsSpec, renameJobSpec } from "./jobs.specs.js";

export const module: CapabilityModule<ProcessingContext> = {
  module: "jobs",
  exports: [
    {
      spec: listJobsSpec,
      impl: async (run, params) => {
        const limit = typeof params["limit"] === "number" ? params["limit"] : MAX_LIMIT;
        return { jobs: run.context.jobs.list(run.context.userId).slice(0, limit) };
      },
    },
    {
      spec: renameJobSpec,
      impl: async (_run, rawArgs) => {
        const params = rawArgs as unknown as { id: string; name: string };
        return { renamed: params.id, to: params.name };
      },
    },
  ],
};
