/**
 * The capability dispatcher: the far side of every facade call. Built per run with the
 * module keys the host mounted for this session, it checks, in order, that the module is a
 * mounted first-party module, the export is listed, and the arguments are an array; then it
 * folds the arguments (../args.ts) and calls `run.invoke` — it never gates on its own and never
 * reaches an implementation any other way. A refusal or an implementation's `{ error }` payload
 * becomes an error envelope (the guest sees a thrown CapabilityRefusal / CapabilityError with
 * `code`), unless the host asks for the value form. It never throws: every outcome is an
 * envelope, and every call lands in the transcript. Consumed by ./host.ts and hosts.
 */
import type { CapabilityRegistry } from "../registry.js";
import { foldArguments } from "../args.js";
import { errorPayloadText, isRefusal } from "../refusals.js";
import type { CapabilityRun, CapabilitySpec } from "../types.js";

export type DispatchEnvelope =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly name: string; readonly message: string; readonly code?: string } };

/** One facade call as the transcript records it. */
export interface DispatchRecord {
  readonly seq: number;
  readonly module: unknown;
  readonly export: unknown;
  /** The normalised arguments handed to invoke (undefined when rejected before that). */
  readonly args?: Record<string, unknown>;
  /** ok: invoke returned a value; refused: it returned a refusal payload; rejected: the
   *  dispatcher refused the call; error: invoke threw, or the implementation returned its own
   *  `{ error }` payload. */
  readonly outcome: "ok" | "refused" | "rejected" | "error";
  readonly value?: unknown;
  readonly error?: { readonly name: string; readonly message: string; readonly code?: string };
}

export interface CapabilityDispatcher {
  call(moduleKey: unknown, exportName: unknown, args: unknown): Promise<DispatchEnvelope>;
  readonly mounted: readonly string[];
  readonly transcript: DispatchRecord[];
}

export class DispatchRejection extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DispatchRejection";
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** The guest's argument list folded into one record, by the reference's rules (../args.ts). */
export function normaliseArguments(spec: CapabilitySpec, args: readonly unknown[]): Record<string, unknown> {
  try {
    return foldArguments(spec, args);
  } catch (err) {
    throw new DispatchRejection((err as Error).message);
  }
}

/** How an `{ error }` payload (a refusal, or an implementation's own error result) reaches the guest. */
export type ErrorPayloadMode = "throw" | "value";

/** The guest-side error for an `{ error }` payload: its name, message and code. */
export function payloadFailure(name: string, value: unknown): { name: string; message: string; code: string } | null {
  const text = errorPayloadText(value);
  if (text === null) return null;
  return {
    name: isRefusal(value) ? "CapabilityRefusal" : "CapabilityError",
    message: `${name}: ${text}`,
    code: (value as { error: string }).error,
  };
}

export interface DispatcherOptions {
  /** "throw" (default, as the reference: a failed call throws a typed error in the guest) or
   *  "value" (the payload resolves as the call's value). */
  readonly errorPayloads?: ErrorPayloadMode;
}

/** The capability a guest's call addresses (a mounted module's export, with a list of arguments), or why it cannot be called. */
function addressOf(
  moduleKey: unknown,
  exportName: unknown,
  args: unknown,
  mounted: ReadonlySet<string>,
  registry: CapabilityRegistry,
): { spec: CapabilitySpec; name: string; list: readonly unknown[] } | { problem: string } {
  if (typeof moduleKey !== "string")
    return { problem: `capability module must be a string (got ${describe(moduleKey)})` };
  if (!mounted.has(moduleKey))
    return {
      problem: `capability module "${moduleKey}" is not mounted for this session (mounted: ${[...mounted].join(", ") || "none"})`,
    };
  if (typeof exportName !== "string")
    return { problem: `export name for "${moduleKey}" must be a string (got ${describe(exportName)})` };
  const spec = registry.capabilitySpec(exportName);
  if (!spec || registry.capabilityModuleOf(exportName) !== moduleKey)
    return { problem: `capability module "${moduleKey}" has no export "${exportName}"` };
  if (!Array.isArray(args))
    return { problem: `arguments for ${moduleKey}.${exportName} must be an array (got ${describe(args)})` };
  return { spec, name: exportName, list: args };
}

export function createCapabilityDispatcher(
  run: CapabilityRun,
  mountedModuleKeys: readonly string[],
  registry: CapabilityRegistry,
  options: DispatcherOptions = {},
): CapabilityDispatcher {
  const throwPayloads = (options.errorPayloads ?? "throw") === "throw";
  const known = new Set(registry.modules());
  for (const key of mountedModuleKeys) {
    // First-party only: a module that is not in the registry's table cannot be mounted.
    if (!known.has(key))
      throw new DispatchRejection(
        `cannot mount "${key}": it is not a first-party capability module (known: ${[...known].join(", ") || "none"})`,
      );
  }
  const mounted = new Set(mountedModuleKeys);
  const transcript: DispatchRecord[] = [];
  let seq = 0;

  function rejected(n: number, moduleKey: unknown, exportName: unknown, message: string): DispatchEnvelope {
    const error = { name: "DispatchRejection", message };
    transcript.push({ seq: n, module: moduleKey, export: exportName, outcome: "rejected", error });
    return { ok: false, error };
  }

  async function call(moduleKey: unknown, exportName: unknown, args: unknown): Promise<DispatchEnvelope> {
    const n = ++seq;
    const address = addressOf(moduleKey, exportName, args, mounted, registry);
    if ("problem" in address) return rejected(n, moduleKey, exportName, address.problem);
    const { spec, name, list } = address;
    let normalised: Record<string, unknown>;
    try {
      normalised = normaliseArguments(spec, list);
    } catch (err) {
      return rejected(n, moduleKey, exportName, (err as Error).message);
    }
    try {
      const value = await run.invoke(name, normalised);
      const failure = payloadFailure(name, value);
      const outcome = isRefusal(value) ? "refused" : failure ? "error" : "ok";
      if (failure && throwPayloads) {
        transcript.push({
          seq: n,
          module: moduleKey,
          export: exportName,
          args: normalised,
          outcome,
          value,
          error: failure,
        });
        return { ok: false, error: failure };
      }
      transcript.push({ seq: n, module: moduleKey, export: exportName, args: normalised, outcome, value });
      return { ok: true, value };
    } catch (err) {
      const error = {
        name: err instanceof Error && typeof err.name === "string" ? err.name : "Error",
        message: err instanceof Error ? err.message : String(err),
      };
      transcript.push({ seq: n, module: moduleKey, export: exportName, args: normalised, outcome: "error", error });
      return { ok: false, error };
    }
  }

  return { call, mounted: [...mounted], transcript };
}
