/**
 * Capability module "docs": the implementations behind ./docs.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { indexDocsSpec, searchDocsSpec } from "./docs.specs.js";

export const module: CapabilityModule<ProcessingContext> = {
  module: "docs",
  exports: [
    {
      spec: searchDocsSpec,
      impl: async (run, params) => {
        return { tool: "search_docs", hits: run.context.docs.search(String(params["query"] ?? "")) };
      },
    },
    {
      spec: indexDocsSpec,
      impl: async (run, args) => {
        return { indexed: run.context.docs.search("").length };
      },
    },
  ],
};
