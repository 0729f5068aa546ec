/**
 * The Tool classes the adapters (./adapters.ts) build on the host's own base: a Tool whose
 * identity is a capability spec, and a belt Tool behind the gate; plus the run a Tool door's
 * call runs in. Split from adapters.ts, which binds them to the host's base and options.
 */
import type { GateFromContextOptions } from "./gate-from-context.js";
import type { CapabilityGate } from "./permission-types.js";
import type { CapabilityRegistry } from "./registry.js";
import { createCapabilityRun } from "./run.js";
import type { CapabilityImpl, CapabilityRun, CapabilitySpec, HostCapability, JsonSchema } from "./types.js";
import { isPlainRecord, resolveUserMessage, withSnakeCaseAliases } from "./validate.js";
import { toolShape, type RunSource, type ToolLike } from "./tool-shape.js";

/** A Tool's own `jsonSchema` field, public or not. */
export function jsonSchemaOf(tool: ToolLike): JsonSchema | undefined {
  const own = (tool as { jsonSchema?: unknown }).jsonSchema;
  return typeof own === "object" && own !== null ? (own as JsonSchema) : undefined;
}

/** The run a Tool door's call runs in: the one given, the factory's, else one gated from the context. */
function runFor(
  context: unknown,
  source: RunSource | undefined,
  registry: CapabilityRegistry | undefined,
  contextGate: GateFromContextOptions | undefined,
): CapabilityRun {
  if (source && typeof source === "object" && typeof source.invoke === "function") return source;
  if (typeof source === "function") return source(context);
  // gate: gateFromContext(context) — a belt is gated from outside by gateTools.
  return createCapabilityRun({
    context,
    ...(registry ? { registry } : {}),
    ...(contextGate ? { contextGate } : {}),
  });
}

type ToolBase = new () => ToolLike;

/** A Tool whose identity is the spec; `execute` (the base's) validates once, `process` runs the impl. */
export function capabilityTool(
  Base: ToolBase,
  spec: CapabilitySpec,
  loadImpl: () => Promise<CapabilityImpl>,
  via: {
    readonly source: RunSource | undefined;
    readonly registry: CapabilityRegistry | undefined;
    /** bindToolAdapters' options (contextGate, inputSchemaAsSchema). */
    readonly options: { readonly contextGate?: GateFromContextOptions; readonly inputSchemaAsSchema?: boolean };
  },
): ToolLike {
  const schema = spec.zodSchema ?? (via.options.inputSchemaAsSchema === true ? spec.inputSchema : undefined);
  class CapabilityTool extends Base {
    override readonly name = spec.name;
    override readonly description = spec.description;
    override readonly needsToolCallId = spec.needsToolCallId === true;
    jsonSchema: JsonSchema | undefined = spec.inputSchema;
    constructor() {
      super();
      toolShape(this, { schema, inputSchema: spec.inputSchema });
    }
    override userMessage(params: Record<string, unknown>): string {
      return resolveUserMessage(spec, params);
    }
    override async process(context: unknown, params: Record<string, unknown>): Promise<unknown> {
      const impl = await loadImpl();
      // camelCase keys folded as invoke folds them, so the Tool door and invoke agree.
      return impl(
        runFor(context, via.source, via.registry, via.options.contextGate),
        isPlainRecord(params) ? withSnakeCaseAliases(params, spec.inputSchema) : params,
      );
    }
  }
  return new CapabilityTool();
}

/** `inner` behind the gate: each call is a one-call run over its capability view. */
export function gatedTool(
  Base: ToolBase,
  inner: ToolLike,
  capability: HostCapability,
  via: { gate: CapabilityGate; registry: CapabilityRegistry | undefined; toolCallIdArg: string },
): ToolLike {
  const { gate, registry, toolCallIdArg } = via;
  class GatedCapabilityTool extends Base {
    override readonly name = inner.name;
    override readonly description = inner.description;
    override readonly needsToolCallId = inner.needsToolCallId === true;
    jsonSchema: JsonSchema | undefined = jsonSchemaOf(inner);
    readonly category = capability.spec.category;
    readonly inner = inner;
    constructor() {
      super();
      toolShape(this, { schema: (inner as { schema?: unknown }).schema, inputSchema: capability.spec.inputSchema });
    }
    override userMessage(params: Record<string, unknown>): string {
      return resolveUserMessage(capability.spec, params);
    }
    /** A one-call run over the capability view: invoke validates, gates, then runs it. */
    override async process(context: unknown, params: Record<string, unknown>): Promise<unknown> {
      const run = createCapabilityRun({
        context,
        gate,
        capabilities: [capability],
        ...(registry ? { registry } : {}),
      });
      return run.invoke(inner.name, params);
    }
    /** The host loop's tool-call id (execute's third argument) reaches a needsToolCallId tool. */
    override async execute(
      context: unknown,
      params: Record<string, unknown>,
      callOptions?: { toolCallId?: string },
    ): Promise<unknown> {
      const id = callOptions?.toolCallId;
      const withId =
        inner.needsToolCallId && typeof id === "string" && isPlainRecord(params) && params[toolCallIdArg] === undefined
          ? { ...params, [toolCallIdArg]: id }
          : params;
      return this.process(context, withId);
    }
  }
  return new GatedCapabilityTool();
}
