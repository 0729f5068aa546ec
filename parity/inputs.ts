/**
 * Deterministic inputs generated from a JSON input schema, for the record / replay check and
 * for canary arguments: "minimal" fills only the required properties, "full" fills every
 * property. Values come from the schema (const, default, first enum value, examples) before a
 * type-based sample, so the same schema always yields the same inputs. Pure.
 */
import type { JsonSchema } from "../runtime/index.js";

export type InputKind = "minimal" | "full";

type Schema = { readonly [key: string]: unknown };

const asSchema = (value: unknown): Schema | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Schema) : undefined;

function firstType(schema: Schema): string | undefined {
  const t = schema["type"];
  if (typeof t === "string") return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === "string" && x !== "null");
  if (asSchema(schema["properties"])) return "object";
  if (schema["items"] !== undefined) return "array";
  return undefined;
}

/** One sample value for a (sub)schema. `name` seeds readable strings ("sample-query"). */
export function sampleValue(schemaIn: unknown, kind: InputKind, name = "value", depth = 0): unknown {
  const schema = asSchema(schemaIn) ?? {};
  if ("const" in schema) return schema["const"];
  if ("default" in schema && schema["default"] !== undefined) return schema["default"];
  if (Array.isArray(schema["enum"]) && schema["enum"].length > 0) return schema["enum"][0];
  if (Array.isArray(schema["examples"]) && schema["examples"].length > 0) return schema["examples"][0];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const usable = options.map(asSchema).find((o) => o !== undefined && o["type"] !== "null");
      if (usable) return sampleValue(usable, kind, name, depth);
    }
  }
  switch (firstType(schema)) {
    case "string": {
      const min = typeof schema["minLength"] === "number" ? schema["minLength"] : 0;
      const text = `sample-${name}`;
      return text.length >= min ? text : text.padEnd(min, "x");
    }
    case "integer":
    case "number": {
      const min = typeof schema["minimum"] === "number" ? schema["minimum"] : undefined;
      const max = typeof schema["maximum"] === "number" ? schema["maximum"] : undefined;
      if (min !== undefined) return firstType(schema) === "integer" ? Math.ceil(min) : min;
      if (max !== undefined && max < 1) return firstType(schema) === "integer" ? Math.floor(max) : max;
      return 1;
    }
    case "boolean":
      return kind === "full";
    case "null":
      return null;
    case "array": {
      if (depth > 4) return [];
      const min = typeof schema["minItems"] === "number" ? schema["minItems"] : 0;
      const count = Math.max(min, kind === "full" ? 1 : 0);
      return Array.from({ length: count }, () => sampleValue(schema["items"], kind, name, depth + 1));
    }
    case "object":
      return depth > 4 ? {} : generateObject(schema, kind, depth + 1);
    default:
      return `sample-${name}`;
  }
}

function generateObject(schema: Schema, kind: InputKind, depth: number): Record<string, unknown> {
  const props = asSchema(schema["properties"]) ?? {};
  const required = new Set(
    Array.isArray(schema["required"]) ? schema["required"].filter((r): r is string => typeof r === "string") : [],
  );
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(props)) {
    if (kind === "full" || required.has(key)) out[key] = sampleValue(props[key], kind, key, depth);
  }
  for (const key of required) if (!(key in out)) out[key] = `sample-${key}`;
  return out;
}

/** The generated inputs of one schema, deduplicated, in the order of `kinds`. */
export function generateInputs(
  schema: JsonSchema | undefined,
  kinds: readonly InputKind[] = ["minimal", "full"],
): { kind: InputKind; args: Record<string, unknown> }[] {
  const seen = new Set<string>();
  const out: { kind: InputKind; args: Record<string, unknown> }[] = [];
  for (const kind of kinds) {
    const args = generateObject(asSchema(schema) ?? {}, kind, 0);
    const key = JSON.stringify(args);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ kind, args });
  }
  return out;
}
