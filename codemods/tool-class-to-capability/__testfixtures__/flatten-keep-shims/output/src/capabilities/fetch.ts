/**
 * Capability module "fetch": the implementations behind ./fetch.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { HttpRequest, ProcessingContext } from "../context.js";
import { fetchGetSpec } from "./fetch.specs.js";

async function send(context: ProcessingContext, request: HttpRequest) {
  const response = await context.request(request);
  return { status: response.status };
}

export const module: CapabilityModule<ProcessingContext> = {
  module: "fetch",
  exports: [
    {
      spec: fetchGetSpec,
      impl: async (run, params) => {
        return send(run.context, { method: "GET", url: String(params["url"]) });
      },
    },
  ],
};
