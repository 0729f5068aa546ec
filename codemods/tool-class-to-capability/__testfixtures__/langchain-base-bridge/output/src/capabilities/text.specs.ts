/**
 * Capability specs of the "text" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";
import { z } from "zod";

export const RepeatInput = z.object({ text: z.string(), times: z.number().int().min(1) });

/** A zod schema as JSON schema without "$schema" — what Tool.inputSchema derived from `get schema()`. */
function toInputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

export const reverseSpec: CapabilitySpec = {
  name: "reverse",
  description: "Reverses the input text.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "read",
};

export const repeatSpec: CapabilitySpec = {
  name: "repeat",
  description: "Repeats a text a number of times.",
  inputSchema: toInputSchema(RepeatInput),
  zodSchema: RepeatInput,
  category: "read",
};

export const textSpecs: readonly CapabilitySpec[] = [
  reverseSpec,
  repeatSpec,
];
