/**
 * Capability module "fetch": the implementations behind ./fetch.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { HttpRequest, ProcessingContext } from "../context.js";
import { MAX_CHARS, fetchGetSpec, fetchPostSpec } from "./fetch.specs.js";

async function send(context: ProcessingContext, request: HttpRequest) {
  if (!/^https?:/.test(request.url)) return { error: "invalid_url" };
  const response = await context.request(request);
  return { status: response.status, body: cut(response.body) };
}

function cut(body: string): string {
  return body.slice(0, MAX_CHARS);
}

function fetchGetLabel(): string {
  return `fetch_get (${fetchGetSpec.description})`;
}

function fetchPostLabel(): string {
  return `fetch_post (${fetchPostSpec.description})`;
}

/** A run field the old constructor required: fail clearly when the host did not put it on the run. */
function requireRunField<T>(value: T | undefined, field: string, capability: string): T {
  if (value === undefined) throw new Error(`${capability} needs run.${field}: build the CapabilityRun with it (it used to be a constructor argument)`);
  return value;
}

export const module: CapabilityModule<ProcessingContext> = {
  module: "fetch",
  exports: [
    {
      spec: fetchGetSpec,
      impl: async (run, params) => {
        const result = await send(run.context, { method: "GET", url: String(params["url"]) });
        return { ...result, label: fetchGetLabel() };
      },
    },
    {
      spec: fetchPostSpec,
      impl: async (run, params) => {
        if (requireRunField(run.nodeRegistry, "nodeRegistry", "fetch_post").search(run.context.userId, 1).length === 0) return { error: "rate_limited", label: fetchPostLabel() };
        return send(run.context, { method: "POST", url: String(params["url"]), body: String(params["body"]) });
      },
    },
  ],
};
