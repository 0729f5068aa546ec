// The implementation half: imports its specs back (one object behind both halves) and reads
// host state from run.context — here an untyped context, as migrated code starts out.
import type { CapabilityModule } from "capkit/runtime";
import { recall, remember } from "./memory.specs.js";

export const module: CapabilityModule = {
  module: "memory",
  exports: [
    {
      spec: remember,
      impl: async (run, args) => {
        run.context.notes.set(String(args["key"]), String(args["value"]));
        return { key: args["key"] };
      },
    },
    { spec: recall, impl: async (run, args) => ({ value: run.context.notes.get(String(args["key"])) ?? null }) },
  ],
};
