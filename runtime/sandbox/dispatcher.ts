/**
 * The capability dispatcher: the far side of every facade call. Built per run with the
 * module keys the host mounted for this session, it checks, in order, that the module is a
 * mounted first-party module, the export is listed, and the arguments are an array; then it
 * normalises the arguments and calls `run.invoke` — it never gates on its own and never
 * reaches an implementation any other way. It never throws: every outcome is an envelope,
 * and every call lands in the transcript. Consumed by ./host.ts and hosts.
 */
import type { CapabilityRegistry } from "../registry.js";
import { isRefusal } from "../refusals.js";
import type { CapabilityRun, CapabilitySpec } from "../types.js";
import { isPlainRecord } from "../validate.js";

export type DispatchEnvelope =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly name: string; readonly message: string } };

/** One facade call as the transcript records it. */
export interface DispatchRecord {
  readonly seq: number;
  readonly module: unknown;
  readonly export: unknown;
  /** The normalised arguments handed to invoke (undefined when rejected before that). */
  readonly args?: Record<string, unknown>;
  /** ok: invoke returned a value; refused: it returned a refusal payload; rejected: the
   *  dispatcher refused the call; error: invoke threw (the message crossed as a value). */
  readonly outcome: "ok" | "refused" | "rejected" | "error";
  readonly value?: unknown;
  readonly error?: { readonly name: string; readonly message: string };
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

/** [] → {}, [object] → object, else positional values bound to the schema's property order. */
export function normaliseArguments(spec: CapabilitySpec, args: readonly unknown[]): Record<string, unknown> {
  if (args.length === 0 || (args.length === 1 && args[0] === undefined)) return {};
  if (args.length === 1 && isPlainRecord(args[0])) return { ...args[0] };
  const props = spec.inputSchema?.["properties"];
  const names = typeof props === "object" && props !== null ? Object.keys(props) : [];
  if (args.length > names.length) {
    throw new DispatchRejection(
      `${spec.name} takes one object argument${names.length ? ` or up to ${names.length} positional (${names.join(", ")})` : ""}; got ${args.length} arguments`,
    );
  }
  const out: Record<string, unknown> = {};
  args.forEach((value, i) => {
    if (value !== undefined) out[names[i] as string] = value;
  });
  return out;
}

export function createCapabilityDispatcher(
  run: CapabilityRun,
  mountedModuleKeys: readonly string[],
  registry: CapabilityRegistry,
): CapabilityDispatcher {
  const known = new Set(registry.modules());
  for (const key of mountedModuleKeys) {
    // First-party only: a module that is not in the registry's table cannot be mounted.
    if (!known.has(key)) throw new DispatchRejection(`cannot mount "${key}": it is not a first-party capability module (known: ${[...known].join(", ") || "none"})`);
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
    if (typeof moduleKey !== "string") return rejected(n, moduleKey, exportName, `capability module must be a string (got ${describe(moduleKey)})`);
    if (!mounted.has(moduleKey)) {
      return rejected(n, moduleKey, exportName, `capability module "${moduleKey}" is not mounted for this session (mounted: ${[...mounted].join(", ") || "none"})`);
    }
    if (typeof exportName !== "string") return rejected(n, moduleKey, exportName, `export name for "${moduleKey}" must be a string (got ${describe(exportName)})`);
    const spec = registry.capabilitySpec(exportName);
    if (!spec || registry.capabilityModuleOf(exportName) !== moduleKey) {
      return rejected(n, moduleKey, exportName, `capability module "${moduleKey}" has no export "${exportName}"`);
    }
    if (!Array.isArray(args)) return rejected(n, moduleKey, exportName, `arguments for ${moduleKey}.${exportName} must be an array (got ${describe(args)})`);
    let normalised: Record<string, unknown>;
    try {
      normalised = normaliseArguments(spec, args);
    } catch (err) {
      return rejected(n, moduleKey, exportName, (err as Error).message);
    }
    try {
      const value = await run.invoke(exportName, normalised);
      transcript.push({ seq: n, module: moduleKey, export: exportName, args: normalised, outcome: isRefusal(value) ? "refused" : "ok", value });
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
