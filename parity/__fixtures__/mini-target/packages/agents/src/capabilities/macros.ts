/** Implementations of the macros module; old constructor deps are run fields (macros, http). */
import type { CapabilityModule, CapabilityRun } from "capkit/runtime";
import { fetchUrlSpec, runMacroSpec } from "./macros.specs.js";

type Macros = Record<string, (input: string) => string>;

async function runMacro(run: CapabilityRun, args: Record<string, unknown>) {
  const macro = (run["macros"] as Macros)[String(args["name"])];
  if (!macro) return { error: "unknown_macro", name: args["name"] };
  return { output: macro(String(args["input"] ?? "")) };
}

async function fetchUrl(run: CapabilityRun, args: Record<string, unknown>) {
  return { body: (run["http"] as { get(url: string): string }).get(String(args["url"])) };
}

export const module: CapabilityModule = {
  module: "macros",
  exports: [
    { spec: runMacroSpec, impl: runMacro },
    { spec: fetchUrlSpec, impl: fetchUrl },
  ],
};
