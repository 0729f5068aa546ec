/**
 * Capability specs of the "lookup" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";
import { LookupInput } from "../schemas/lookup.shared.js";
import { z } from "zod";

/** A zod schema as JSON schema without "$schema" — what Tool.inputSchema derived from `get schema()`. */
function toInputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

/** Typed through `typeof this.schema`, a module constant: the impl names that constant. */
export const lookupKeySpec: CapabilitySpec = {
  name: "lookup_key",
  description: "Looks a key up.",
  inputSchema: toInputSchema(LookupInput),
  zodSchema: LookupInput,
  category: "read",
};

export const countKeysSchema = z.object({ prefix: z.string(), limit: z.number().optional() });

/** An inline schema: hoisted into the specs file, which exports it for the impl's input type. */
export const countKeysSpec: CapabilitySpec = {
  name: "count_keys",
  description: "Counts the keys of a prefix.",
  inputSchema: toInputSchema(countKeysSchema),
  zodSchema: countKeysSchema,
  category: "read",
};

/** Declares the third parameter but never reads it: it is dropped. */
export const plainLookupSpec: CapabilitySpec = {
  name: "plain_lookup",
  description: "Looks a key up.",
  inputSchema: { type: "object", properties: { key: { type: "string" } } },
  category: "read",
};

export const lookupSpecs: readonly CapabilitySpec[] = [
  lookupKeySpec,
  countKeysSpec,
  plainLookupSpec,
];
