/**
 * Capability module "desk": the implementations behind ./desk.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule, CapabilityRun } from "capkit/runtime";
import type { ProcessingContext as ProcessingContext2 } from "../context.js";
import type { ProcessingContext } from "../legacy/context.js";
import { PAGE_SIZE } from "../limits.js";
import { archiveNoteSpec, listNotesSpec } from "./desk.specs.js";

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function normalize(text: string): string {
  return text.trim().toLowerCase();
}

const PAGE_SIZE2 = 10;

function clip2(text: string): string {
  return text.slice(0, 40);
}

function owner(context: ProcessingContext2): string {
  return context.userId;
}

/** A run field the old constructor required: fail clearly when the host did not put it on the run. */
function requireRunField<T>(value: T | undefined, field: string, capability: string): T {
  if (value === undefined) throw new Error(`${capability} needs run.${field}: build the CapabilityRun with it (it used to be a constructor argument)`);
  return value;
}

export const module: CapabilityModule<ProcessingContext & ProcessingContext2> = {
  module: "desk",
  exports: [
    {
      spec: archiveNoteSpec,
      impl: async (run: CapabilityRun<ProcessingContext>, params) => {
        const { userId } = run.context;
        return { userId, id: clip(normalize(String(params["id"]))), page: PAGE_SIZE, reason: requireRunField(run.options, "options", "archive_note").reason };
      },
    },
    {
      spec: listNotesSpec,
      impl: async (run: CapabilityRun<ProcessingContext2>, params) => {
        const limits = { PAGE_SIZE: PAGE_SIZE2 };
        return { user: owner(run.context), q: clip2(normalize(String(params["q"] ?? ""))), limits, pinned: run.listNotesOptions?.pinnedFirst };
      },
    },
  ],
};
