/**
 * Capability specs of the "langchain" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";
import { z } from "zod";

export const WikipediaInput = z.object({ query: z.string().describe("The page title to look up.") });

/** A zod schema as JSON schema without "$schema" — what Tool.inputSchema derived from `get schema()`. */
function toInputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

/** Adds integers (LangChain's Calculator, cut down). */
export const calculatorSpec: CapabilitySpec = {
  name: "calculator",
  description: "Useful for getting the result of a sum of integers. The input should look like 1 + 2.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "read",
};

export const wikipediaApiSpec: CapabilitySpec = {
  name: "wikipedia-api",
  description: "Fetches the first search result for a query from the Wikipedia API.",
  inputSchema: toInputSchema(WikipediaInput),
  zodSchema: WikipediaInput,
  category: "external",
};

/** Flowise's JsonListKeysTool shape: a static lc_name(). */
export const jsonListKeysSpec: CapabilitySpec = {
  name: "json_list_keys",
  description: "Lists the keys of the JSON object given as text.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "read",
};

/** A plain-JS LangChain tool: `_call(input)` unannotated is still the one string. */
export const shoutSpec: CapabilitySpec = {
  name: "shout",
  description: "Repeats the input in capitals.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "read",
};

export const langchainSpecs: readonly CapabilitySpec[] = [
  calculatorSpec,
  wikipediaApiSpec,
  jsonListKeysSpec,
  shoutSpec,
];
