/**
 * Capability module "email": the implementations behind ./email.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { sendEmailSpec } from "./email.specs.js";

export const module: CapabilityModule<ProcessingContext> = {
  module: "email",
  exports: [
    {
      spec: sendEmailSpec,
      impl: async (_run, params) => {
        return { sent: params["to"] };
      },
    },
  ],
};
