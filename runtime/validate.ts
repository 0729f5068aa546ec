/**
 * Argument handling for `invoke` and the adapters: strip the caller's `_message`, alias
 * camelCase keys to snake_case, coerce scalar strings the schema types otherwise, validate
 * with the spec's zod schema when present (duck-typed `safeParse`) or else the JSON schema's
 * required fields and top-level types, and resolve the user-facing message
 * (`_message`, then the spec template, then "Running <name>"). Pure and dependency-free.
 */
import type { CapabilitySpec, JsonSchema } from "./types.js";

export const MESSAGE_ARG = "_message";
/** capkit's (and the fixture's) wire name for the caller's tool-call id. */
export const TOOL_CALL_ID_ARG = "parent_tool_call_id";
/** NodeTool's wire name for the same id (`Tool.execute` injects it for needsToolCallId tools). */
export const REFERENCE_TOOL_CALL_ID_ARG = "_tool_call_id";
/** Both are recognised: kept for specs with needsToolCallId, stripped for every other spec. */
export const TOOL_CALL_ID_ARGS = [TOOL_CALL_ID_ARG, REFERENCE_TOOL_CALL_ID_ARG] as const;

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
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "null":
      return value === null;
    default:
      return true;
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
      const types =
        typeof t === "string" ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : [];
      if (types.length > 0 && !types.some((x) => typeMatches(x, value)))
        issues.push(`${key}: expected ${types.join(" | ")}`);
    }
  }
  return issues;
}

function schemaProperties(schema: JsonSchema | undefined): Record<string, unknown> | undefined {
  const props = schema?.["properties"];
  return typeof props === "object" && props !== null ? (props as Record<string, unknown>) : undefined;
}

/**
 * camelCase keys copied onto their snake_case form when that form is absent (`workflowId` →
 * `workflow_id`), as the reference folds every call. When the schema lists its properties, only
 * a listed snake_case key is filled, and the camelCase key the schema does not list is dropped.
 */
export function withSnakeCaseAliases(args: Record<string, unknown>, schema?: JsonSchema): Record<string, unknown> {
  const props = schemaProperties(schema);
  const out: Record<string, unknown> = { ...args };
  for (const [key, value] of Object.entries(args)) {
    if (!/[A-Z]/.test(key)) continue;
    const snake = key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
    if (snake in out) continue;
    if (props && !(snake in props)) continue;
    out[snake] = value;
    if (props && !(key in props)) delete out[key];
  }
  return out;
}

function declaredTypes(prop: unknown): string[] {
  if (typeof prop !== "object" || prop === null) return [];
  const t = (prop as { type?: unknown }).type;
  return typeof t === "string" ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === "string") : [];
}

/** Top-level strings the schema types as number/integer/boolean, converted ("5" → 5, "true" → true). */
export function coerceScalars(args: Record<string, unknown>, schema: JsonSchema | undefined): Record<string, unknown> {
  const props = schemaProperties(schema);
  if (!props) return args;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== "string") continue;
    const types = declaredTypes(props[key]);
    if (types.length === 0 || types.includes("string")) continue;
    const trimmed = value.trim();
    let next: unknown = value;
    if ((types.includes("number") || types.includes("integer")) && trimmed !== "" && Number.isFinite(Number(trimmed))) {
      const n = Number(trimmed);
      if (types.includes("number") || Number.isInteger(n)) next = n;
    } else if (types.includes("boolean") && (trimmed === "true" || trimmed === "false")) next = trimmed === "true";
    if (next !== value) (out ??= { ...args })[key] = next;
  }
  return out ?? args;
}

function zodIssues(error: {
  issues?: readonly { path?: readonly PropertyKey[]; message?: string }[];
  message?: string;
}): string[] {
  const list = error.issues ?? [];
  const issues = list.map((i) => `${(i.path ?? []).map(String).join(".") || "arguments"}: ${i.message ?? "invalid"}`);
  return issues.length > 0 ? issues : [error.message ?? "invalid arguments"];
}

/**
 * Validate exactly once: `_message` stripped, a tool-call id (either key) kept only for specs
 * that need it, camelCase keys aliased, and scalar strings coerced when the strict parse fails.
 */
export function validateArguments(spec: CapabilitySpec, raw: unknown): ValidationResult {
  const input = raw === undefined ? {} : raw;
  if (!isPlainRecord(input)) return { ok: false, issues: ["arguments: expected a plain object"] };
  const {
    [MESSAGE_ARG]: _message,
    [TOOL_CALL_ID_ARG]: ownId,
    [REFERENCE_TOOL_CALL_ID_ARG]: referenceId,
    ...given
  } = input;
  const keepId: Record<string, unknown> = {};
  if (spec.needsToolCallId === true) {
    if (ownId !== undefined) keepId[TOOL_CALL_ID_ARG] = ownId;
    if (referenceId !== undefined) keepId[REFERENCE_TOOL_CALL_ID_ARG] = referenceId;
  }
  const rest = withSnakeCaseAliases(given, spec.inputSchema);
  if (spec.zodSchema) {
    const schema = spec.zodSchema;
    let parsed;
    try {
      parsed = schema.safeParse(rest);
      if (!parsed.success) {
        const coerced = coerceScalars(rest, spec.inputSchema);
        if (coerced !== rest) {
          const again = schema.safeParse(coerced);
          if (again.success) parsed = again;
        }
      }
    } catch (err) {
      return { ok: false, issues: [`schema: ${(err as Error)?.message ?? String(err)}`] };
    }
    if (parsed.success) {
      const data = isPlainRecord(parsed.data) ? parsed.data : rest;
      return { ok: true, args: { ...data, ...keepId } };
    }
    return { ok: false, issues: zodIssues(parsed.error) };
  }
  const coerced = coerceScalars(rest, spec.inputSchema);
  const issues = jsonSchemaIssues(spec.inputSchema ?? {}, coerced);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, args: { ...coerced, ...keepId } };
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
