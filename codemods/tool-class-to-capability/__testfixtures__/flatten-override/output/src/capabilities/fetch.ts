/**
 * Capability module "fetch": the implementations behind ./fetch.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import type { HttpRequest, ProcessingContext } from "../context.js";
import { fetchTextSpec, fetchUpperSpec } from "./fetch.specs.js";

function url(params: Record<string, unknown>): string {
  return String(params["url"]);
}

async function fetchTextSend(context: ProcessingContext, request: HttpRequest) {
  const response = await context.request(request);
  return { status: response.status, body: fetchTextShape(response.body) };
}

function fetchTextShape(body: string): string {
  return body.trim();
}

function shape(body: string): string {
  return body.trim().toUpperCase();
}

function fetchUpperUrl(params: Record<string, unknown>): string {
  return `https://${String(params["host"])}/`;
}

async function fetchUpperSend(context: ProcessingContext, request: HttpRequest) {
  const response = await context.request(request);
  return { status: response.status, body: shape(response.body) };
}

export const module: CapabilityModule<ProcessingContext> = {
  module: "fetch",
  exports: [
    {
      spec: fetchTextSpec,
      impl: async (run, params) => {
        return fetchTextSend(run.context, { method: "GET", url: url(params) });
      },
    },
    {
      spec: fetchUpperSpec,
      impl: async (run, params) => {
        return fetchUpperSend(run.context, { method: "GET", url: fetchUpperUrl(params) });
      },
    },
  ],
};
