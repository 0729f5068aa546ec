/**
 * Capability module "count": the implementations behind ./count.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule, CapabilityRun } from "capkit/runtime";
import { charCountSpec, wordCountSpec } from "./count.specs.js";

function count(input: string): number {
  return input.split(/\s+/).filter(Boolean).length;
}

async function wordCountImpl(run: CapabilityRun, rawArgs: Record<string, unknown>): Promise<string> {
  const input = rawArgs["input"] as string;
  if (input.includes("|")) {
    const parts = await Promise.all(input.split("|").map((part) => wordCountImpl(run, { input: part })));
    return parts.join(",");
  }
  return String(count(input));
}

function charCountCount(input: string): number {
  return input.length;
}

async function charCountImpl(run: CapabilityRun, rawArgs: Record<string, unknown>): Promise<string> {
  const input = rawArgs["input"] as string;
  if (input.includes("|")) {
    const parts = await Promise.all(input.split("|").map((part) => charCountImpl(run, { input: part })));
    return parts.join(",");
  }
  return String(charCountCount(input));
}

export const module: CapabilityModule = {
  module: "count",
  exports: [
    { spec: wordCountSpec, impl: wordCountImpl },
    { spec: charCountSpec, impl: charCountImpl },
  ],
};
