/**
 * Folding a guest call's argument list into the one record `invoke` validates, by the
 * reference's rules so a call it accepts is accepted here:
 *   f() / f(undefined) / f(null)      → {}
 *   f({ ... })                        → the record (camelCase aliased, a bare `id` filling the
 *                                       sole required `*_id`)
 *   f("x") / f("x", { ... })          → "x" fills the first required string field, unless the
 *                                       options object already sets it
 *   f({ ... }, { ... })               → the two records merged (same aliases)
 * Anything else, or a record that brought arguments but misses a required one, is refused here
 * with a message naming the call. Pure; consumed by ./sandbox/dispatcher.ts.
 */
import type { CapabilitySpec, JsonSchema } from "./types.js";
import { isPlainRecord, withSnakeCaseAliases } from "./validate.js";

export class ArgumentFoldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArgumentFoldError";
  }
}

function requiredKeys(schema: JsonSchema | undefined): string[] {
  const required = schema?.["required"];
  return Array.isArray(required) ? required.filter((k): k is string => typeof k === "string") : [];
}

function firstRequiredString(schema: JsonSchema | undefined): string | undefined {
  const props = schema?.["properties"];
  for (const key of requiredKeys(schema)) {
    const prop = typeof props === "object" && props !== null ? (props as Record<string, unknown>)[key] : undefined;
    if (typeof prop === "object" && prop !== null && (prop as { type?: unknown }).type === "string") return key;
  }
  return undefined;
}

/** A bare `id` copied onto the one required `*_id` key, only when exactly one exists and is unset. */
function withIdAlias(spec: CapabilitySpec, args: Record<string, unknown>): Record<string, unknown> {
  const id = args["id"];
  if (id === undefined || id === null) return args;
  const ids = requiredKeys(spec.inputSchema).filter((k) => k.endsWith("_id"));
  const key = ids[0];
  if (ids.length !== 1 || key === undefined || (args[key] !== undefined && args[key] !== null)) return args;
  return { ...args, [key]: id };
}

function oneObject(spec: CapabilitySpec): ArgumentFoldError {
  const keys = requiredKeys(spec.inputSchema);
  return new ArgumentFoldError(
    `${spec.name} takes one object argument, its arguments object${keys.length ? ` ({ ${keys.join(", ")} })` : ""}`,
  );
}

/** A call that brought arguments but not the required ones is the call's mistake, named here. */
function checked(spec: CapabilitySpec, args: Record<string, unknown>): Record<string, unknown> {
  const given = Object.keys(args);
  if (given.length === 0) return args;
  const missing = requiredKeys(spec.inputSchema).filter((k) => args[k] === undefined || args[k] === null);
  if (missing.length === 0) return args;
  const empty = missing.filter((k) => k in args);
  throw new ArgumentFoldError(
    `${spec.name}: missing required argument${missing.length > 1 ? "s" : ""} ${missing.join(", ")}; the call passed ${given.join(", ")}.` +
      (empty.length
        ? ` ${empty.join(", ")} ${empty.length > 1 ? "were" : "was"} given as null/undefined: the key is right, the value is missing.`
        : ""),
  );
}

export function foldArguments(spec: CapabilitySpec, args: readonly unknown[]): Record<string, unknown> {
  const [first, second] = args;
  if (args.length === 0 || first === undefined || first === null) {
    if (args.length > 1 && args.slice(1).some((a) => a !== undefined)) throw oneObject(spec);
    return {};
  }
  if (args.length > 2) throw oneObject(spec);
  const alias = (r: Record<string, unknown>) => withSnakeCaseAliases(r, spec.inputSchema);
  if (isPlainRecord(first) && (args.length === 1 || second === undefined))
    return checked(spec, withIdAlias(spec, alias(first)));
  if (typeof first === "string") {
    const key = firstRequiredString(spec.inputSchema);
    if (key === undefined) throw oneObject(spec);
    if (second !== undefined && !isPlainRecord(second)) throw oneObject(spec);
    const extra = second === undefined ? {} : (second as Record<string, unknown>);
    return checked(spec, alias(key in extra ? extra : { ...extra, [key]: first }));
  }
  if (isPlainRecord(first) && isPlainRecord(second))
    return checked(spec, withIdAlias(spec, alias({ ...first, ...second })));
  throw oneObject(spec);
}
