/**
 * Capability module "nodes": the implementations behind ./nodes.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { listExamplesSpec, listNodesSpec } from "./nodes.specs.js";

/** A run field the old constructor required: fail clearly when the host did not put it on the run. */
function requireRunField<T>(value: T | undefined, field: string, capability: string): T {
  if (value === undefined) throw new Error(`${capability} needs run.${field}: build the CapabilityRun with it (it used to be a constructor argument)`);
  return value;
}

export const module: CapabilityModule<ProcessingContext> = {
  module: "nodes",
  exports: [
    {
      spec: listNodesSpec,
      impl: async (run, _params) => {
        return { types: requireRunField(run.nodeRegistry, "nodeRegistry", "list_nodes").search("", 100).map((n) => n.type) };
      },
    },
    {
      spec: listExamplesSpec,
      impl: async (run, _params) => {
        return { ids: (await requireRunField(run.examples, "examples", "list_examples").list()).map((e) => e.id) };
      },
    },
  ],
};
