/**
 * Capability module "research": the implementations behind ./research.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { delegateSpec, fetchPageSpec, readWorkspaceFileSpec, recallSpec, summarizeSpec, webSearchSpec } from "./research.specs.js";

const DEFAULT_TIMEOUT_MS = 10_000;

/** A run field the old constructor required: fail clearly when the host did not put it on the run. */
function requireRunField<T>(value: T | undefined, field: string, capability: string): T {
  if (value === undefined) throw new Error(`${capability} needs run.${field}: build the CapabilityRun with it (it used to be a constructor argument)`);
  return value;
}

export const module: CapabilityModule<ProcessingContext> = {
  module: "research",
  exports: [
    {
      spec: readWorkspaceFileSpec,
      impl: async (run, params) => {
        return { text: await run.context.readFile(`${requireRunField(run.workspaceRoot, "workspaceRoot", "read_workspace_file")}/${String(params["path"])}`) };
      },
    },
    {
      spec: webSearchSpec,
      impl: async (run, params) => {
        return { results: await requireRunField(run.provider, "provider", "web_search").search(String(params["query"]), run.limit ?? 5) };
      },
    },
    {
      spec: recallSpec,
      impl: async (run, params) => {
        if (!run.bound) return { memories: [], note: "No long-term memory is bound to this agent." };
        return { memories: await run.bound.recall(String(params["query"] ?? "")) };
      },
    },
    {
      spec: fetchPageSpec,
      impl: async (run, params) => {
        const response = await run.context.fetch(String(params["url"]), { signal: AbortSignal.timeout(run.settings?.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
        return { text: await response.text() };
      },
    },
    {
      spec: delegateSpec,
      impl: async (run, params) => {
        return { model: requireRunField(run.options, "options", "delegate").model, task: String(params["task"]) };
      },
    },
    {
      spec: summarizeSpec,
      impl: async (run, params) => {
        return { summary: String(params["text"]).split(/\s+/).slice(0, (run.summaryOptions ?? {}).maxWords ?? 50).join(" ") };
      },
    },
  ],
};
