/**
 * Capability module "langchain": the implementations behind ./langchain.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule } from "capkit/runtime";
import { WikipediaInput, calculatorSpec, jsonListKeysSpec, shoutSpec, wikipediaApiSpec } from "./langchain.specs.js";
import type { z } from "zod";

export const module: CapabilityModule = {
  module: "langchain",
  exports: [
    {
      spec: calculatorSpec,
      impl: async (_run, rawArgs): Promise<string> => {
        const input = rawArgs["input"] as string;
        const terms = input.split("+").map((t) => Number.parseInt(t.trim(), 10));
        return terms.some(Number.isNaN) ? "I don't know how to do that." : String(terms.reduce((a, b) => a + b, 0));
      },
    },
    {
      spec: wikipediaApiSpec,
      impl: async (_run, rawArgs): Promise<string> => {
        const { query } = rawArgs as unknown as z.infer<typeof WikipediaInput>;
        const res = await fetch(`https://en.wikipedia.org/w/api.php?list=search&srsearch=${encodeURIComponent(query)}`);
        return res.ok ? await res.text() : `No page for ${query}`;
      },
    },
    {
      spec: jsonListKeysSpec,
      impl: async (_run, rawArgs): Promise<string> => {
        const input = rawArgs["input"] as string;
        return Object.keys(JSON.parse(input) as object).join(", ");
      },
    },
    {
      spec: shoutSpec,
      impl: async (_run, rawArgs) => {
        const input = rawArgs["input"] as string;
        return String(input).toUpperCase();
      },
    },
  ],
};
