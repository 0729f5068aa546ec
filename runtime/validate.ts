/**
 * Argument handling for `invoke` and the adapters: strip the caller's `_message`, validate
 * with the spec's zod schema when present (duck-typed `safeParse`) or else the JSON schema's
 * required fields and top-level types, and resolve the user-facing message
 * (`_message`, then the spec template, then "Running <name>"). Pure and dependency-free.
 */
import type { CapabilitySpec, JsonSchema } from "./types.js";

export const MESSAGE_ARG = "_message";
/** Same wire name the Tool classes inject, so a capability built from a spec keeps nesting. */
export const TOOL_CALL_ID_ARG = "parent_tool_call_id";

export type ValidationResult =
  | { readonly ok: true; readonly args: Record<string, unknown> }
  | { readonly ok: false; readonly issues: readonly string[] };

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

function typeMatches(expected: string, value: unknown): boolean {
  switch (expected) {
    case "string": return typeof value === "string";
    case "number": return typeof value === "number" && Number.isFinite(value);
    case "integer": return typeof value === "number" && Number.isInteger(value);
    case "boolean": return typeof value === "boolean";
    case "array": return Array.isArray(value);
    case "object": return typeof value === "object" && value !== null && !Array.isArray(value);
    case "null": return value === null;
    default: return true;
  }
}

function jsonSchemaIssues(schema: JsonSchema, args: Record<string, unknown>): string[] {
  const issues: string[] = [];
  const required = Array.isArray(schema["required"]) ? (schema["required"] as unknown[]) : [];
  for (const key of required) {
    if (typeof key === "string" && args[key] === undefined) issues.push(`${key}: required`);
  }
  const props = schema["properties"];
  if (typeof props === "object" && props !== null) {
    for (const [key, prop] of Object.entries(props as Record<string, unknown>)) {
      const value = args[key];
      if (value === undefined || typeof prop !== "object" || prop === null) continue;
      const t = (prop as { type?: unknown }).type;
      const types = typeof t === "string" ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : [];
      if (types.length > 0 && !types.some((x) => typeMatches(x, value))) issues.push(`${key}: expected ${types.join(" | ")}`);
    }
  }
  return issues;
}

/** Validate exactly once: `_message` stripped, `_toolCallId` kept only for specs that need it. */
export function validateArguments(spec: CapabilitySpec, raw: unknown): ValidationResult {
  const input = raw === undefined ? {} : raw;
  if (!isPlainRecord(input)) return { ok: false, issues: ["arguments: expected a plain object"] };
  const { [MESSAGE_ARG]: _message, [TOOL_CALL_ID_ARG]: toolCallId, ...rest } = input;
  const keepId = spec.needsToolCallId === true && toolCallId !== undefined ? { [TOOL_CALL_ID_ARG]: toolCallId } : {};
  if (spec.zodSchema) {
    let parsed;
    try {
      parsed = spec.zodSchema.safeParse(rest);
    } catch (err) {
      return { ok: false, issues: [`schema: ${(err as Error)?.message ?? String(err)}`] };
    }
    if (parsed.success) {
      const data = isPlainRecord(parsed.data) ? parsed.data : rest;
      return { ok: true, args: { ...data, ...keepId } };
    }
    const list = parsed.error.issues ?? [];
    const issues = list.map((i) => `${(i.path ?? []).map(String).join(".") || "arguments"}: ${i.message ?? "invalid"}`);
    return { ok: false, issues: issues.length > 0 ? issues : [parsed.error.message ?? "invalid arguments"] };
  }
  const issues = jsonSchemaIssues(spec.inputSchema ?? {}, rest);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, args: { ...rest, ...keepId } };
}

/** The caller's `_message`, else the spec's template, else "Running <name>". */
export function resolveUserMessage(spec: Pick<CapabilitySpec, "name" | "userMessage">, raw: unknown): string {
  const args = isPlainRecord(raw) ? raw : {};
  const own = args[MESSAGE_ARG];
  if (typeof own === "string" && own.trim() !== "") return own;
  if (typeof spec.userMessage === "function") {
    try {
      const text = spec.userMessage(args);
      if (typeof text === "string" && text.trim() !== "") return text;
    } catch {
      // A template that throws on odd arguments falls back rather than failing the call.
    }
  }
  return `Running ${spec.name}`;
}
