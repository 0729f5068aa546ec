/**
 * `createCapabilityRun`: the per-run object whose `invoke` is the one choke point every
 * surface calls — lookup (host-local capabilities first, then the registry; a miss throws
 * naming the capability) → argument validation → abort check (the run's signal, else
 * `context.signal`) → the gate ladder → the lazily
 * loaded implementation, with the run threaded in. Refusals come back as values; each call is
 * reported to `onInvoke` as an InvokeRecord (the transcript parity compares).
 * Consumed by hosts, the adapters and the sandbox dispatcher.
 */
import { createPermissionGate, isGate } from "./gate.js";
import { gateFromContext } from "./gate-from-context.js";
import type { CapabilityGate, PermissionCategory } from "./permission-types.js";
import { PERMISSION_CATEGORIES } from "./permission-types.js";
import { refusal } from "./refusals.js";
import type {
  CapabilityImpl,
  CapabilityRun,
  CapabilityRunOptions,
  CapabilitySpec,
  DefaultContext,
  InvokeOutcome,
  InvokeRecord,
} from "./types.js";
import { resolveUserMessage, validateArguments } from "./validate.js";

export class CapabilityNotFoundError extends Error {
  constructor(readonly capability: string) {
    super(`Unknown capability "${capability}": it is neither a host capability of this run nor in the registry`);
    this.name = "CapabilityNotFoundError";
  }
}

function signalOf(context: unknown): { readonly aborted: boolean } | undefined {
  const s = typeof context === "object" && context !== null ? (context as { signal?: unknown }).signal : undefined;
  return typeof s === "object" && s !== null && typeof (s as { aborted?: unknown }).aborted === "boolean"
    ? (s as { aborted: boolean })
    : undefined;
}

// Preset keys (`categories`, `toolCallIdArg`) are adapter settings, not run fields.
const OWN_OPTION_KEYS = new Set([
  "gate",
  "registry",
  "capabilities",
  "onInvoke",
  "contextGate",
  "categories",
  "toolCallIdArg",
]);

/** The gate given (built, or options to build), else the one published on the context. */
function runGate<Ctx>(options: CapabilityRunOptions<Ctx>): CapabilityGate {
  if (isGate(options.gate)) return options.gate;
  return options.gate ? createPermissionGate(options.gate) : gateFromContext(options.context, options.contextGate);
}

/** The run fields: every option that is not the run's own setting. */
function runFields<Ctx>(options: CapabilityRunOptions<Ctx>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (!OWN_OPTION_KEYS.has(k) && v !== undefined) fields[k] = v;
  return fields;
}

/** The spec's category; a malformed one fails closed as external (drift reports it). */
function callCategory(spec: CapabilitySpec): PermissionCategory {
  return (PERMISSION_CATEGORIES as readonly unknown[]).includes(spec.category) ? spec.category : "external";
}

/** How this gate words refusals: capkit's extra payload fields, the host's messages. */
function refusalShape(gate: CapabilityGate) {
  return {
    ...(gate.payloadExtras ? { extras: true } : {}),
    ...(gate.refusalMessages ? { messages: gate.refusalMessages } : {}),
  };
}

export function createCapabilityRun<Ctx = DefaultContext>(options: CapabilityRunOptions<Ctx>): CapabilityRun<Ctx> {
  const gate = runGate(options);
  const host = new Map<string, { spec: CapabilitySpec; impl: CapabilityImpl<Ctx> }>();
  for (const cap of options.capabilities ?? []) host.set(cap.spec.name, cap);
  const registry = options.registry;
  // The run's own signal, else the context's (NodeTool's ProcessingContext carries one).
  const signal = options.signal ?? signalOf(options.context);
  let seq = 0;

  const fields = runFields(options);

  async function invoke(name: string, rawArgs: Record<string, unknown> = {}): Promise<unknown> {
    const local = host.get(name);
    const spec = local?.spec ?? registry?.capabilitySpec(name);
    if (!spec) throw new CapabilityNotFoundError(name);
    const category = callCategory(spec);
    const steps: string[] = ["lookup"];
    const userMessage = resolveUserMessage(spec, rawArgs);
    let args: Record<string, unknown> = {};
    let prompted = false;
    let monitored = false;
    let implRan = false;
    const record = (outcome: InvokeOutcome) =>
      options.onInvoke?.({
        seq: ++seq,
        name,
        category,
        source: local ? "host" : "registry",
        args,
        userMessage,
        steps: [...steps],
        prompted,
        monitored,
        implRan,
        outcome,
      } satisfies InvokeRecord);
    const request = { capability: name, category };
    const shape = refusalShape(gate);

    const checked = validateArguments(spec, rawArgs);
    steps.push(checked.ok ? "validate:ok" : "validate:invalid");
    if (!checked.ok) {
      record("invalid_tool_arguments");
      return refusal("invalid_tool_arguments", request, { ...shape, issues: checked.issues });
    }
    args = checked.args;
    const aborted = () => signal?.aborted === true;
    if (aborted()) {
      steps.push("aborted");
      record("aborted");
      return refusal("aborted", request, shape);
    }
    const verdict = await gate.authorize({ capability: name, category, args, message: userMessage, mode: gate.mode });
    steps.push(...verdict.steps);
    prompted = verdict.prompted;
    monitored = verdict.monitored;
    if (!verdict.allowed) {
      record(verdict.error);
      return refusal(verdict.error, request, { ...shape, message: verdict.message });
    }
    if (aborted()) {
      steps.push("aborted");
      record("aborted");
      return refusal("aborted", request, shape);
    }
    try {
      const impl = local?.impl ?? ((await registry?.loadCapabilityImpl(name)) as CapabilityImpl<Ctx> | undefined);
      if (!impl) throw new CapabilityNotFoundError(name);
      steps.push("impl");
      implRan = true;
      const result = await impl(run, args);
      record("ok");
      return result;
    } catch (err) {
      record("threw");
      throw err;
    }
  }

  const run = { ...fields, context: options.context, gate, invoke } as CapabilityRun<Ctx>;
  return run;
}

/** An onInvoke sink that keeps records in an array (the parity transcript). */
export function createInvokeTranscript(): { records: InvokeRecord[]; onInvoke: (r: InvokeRecord) => void } {
  const records: InvokeRecord[] = [];
  return { records, onInvoke: (r) => records.push(r) };
}
