/**
 * Adapters for coexistence between a host's `Tool` class hierarchy and capabilities, bound
 * to the host's own base class (passed in — the runtime never imports a user's Tool):
 * a Tool from a spec + impl (eager or lazy, or by wire name; its default run reads the context's
 * gate, else the headless gate), a capability view of a Tool (category from the host's map,
 * unlisted → external; without a map the tool's own `category`), and `gateTools`, which routes
 * every belt tool through the one ladder in `invoke`. Consumed by a migrated `capabilities/registry.ts`.
 */
import { createPermissionGate, isGate, type GateFromContextOptions } from "./gate.js";
import type { CapabilityGate, PermissionCategory, PermissionGateOptions } from "./permission-types.js";
import { PERMISSION_CATEGORIES } from "./permission-types.js";
import type { CapabilityRegistry, CapabilityTableEntry } from "./registry.js";
import { createCapabilityRun } from "./run.js";
import type { CapabilityImpl, CapabilityRun, CapabilitySpec, HostCapability, JsonSchema, ZodLike } from "./types.js";
import { TOOL_CALL_ID_ARG, isPlainRecord, resolveUserMessage, withSnakeCaseAliases } from "./validate.js";
import { toolShape, type ToolLike, type RunSource } from "./tool-shape.js";

export type { ToolLike, RunSource } from "./tool-shape.js";

/** A host's Tool base class (abstract is fine): constructed with no arguments. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ToolBaseClass<T extends ToolLike = ToolLike> = abstract new (...args: any[]) => T;

export type CategorySource =
  Readonly<Record<string, PermissionCategory>> | ((toolName: string) => PermissionCategory | undefined);

export interface ToolAdapterOptions<T extends ToolLike> {
  readonly Tool: ToolBaseClass<T>;
  readonly registry?: CapabilityRegistry;
  /** The old classification map used by capabilityFromTool/gateTools for non-capability tools. */
  readonly categories?: CategorySource;
  /** How per-call runs find the context's gate (e.g. the host's pre-migration key, the headless policy). */
  readonly contextGate?: GateFromContextOptions;
  /** The key gateTools' execute(context, params, { toolCallId }) injects the id under
   *  (default "parent_tool_call_id"; NodeTool's is "_tool_call_id"). */
  readonly toolCallIdArg?: string;
  /** Told once per binding when a Tool's category falls back to external (no map, no own category). */
  readonly warn?: (message: string) => void;
  /**
   * The base validates a call's input against `schema` and takes a JSON schema there too
   * (LangChain's StructuredTool): a capability without a zod schema shows its JSON inputSchema
   * as `schema`, where by default it shows none (a host reading `schema` as zod would break).
   */
  readonly inputSchemaAsSchema?: boolean;
}

export interface ToolAdapters<T extends ToolLike> {
  toolFromCapability(spec: CapabilitySpec, impl: CapabilityImpl, runOrFactory?: RunSource): T;
  toolFromLazyCapability(spec: CapabilitySpec, runOrFactory?: RunSource): T;
  toolForCapabilityName(name: string, runOrFactory?: RunSource): T;
  capabilityFromTool(tool: ToolLike, categories?: CategorySource): HostCapability;
  gateTools(tools: readonly ToolLike[], gate: CapabilityGate | PermissionGateOptions, categories?: CategorySource): T[];
  /** The spec behind a Tool this binding built, if any. */
  specOfTool(tool: ToolLike): CapabilitySpec | undefined;
  /** A registry table entry serving a belt of Tools as one capability module (for mounting). */
  toolsAsCapabilityModule(
    moduleKey: string,
    tools: readonly ToolLike[],
    categories?: CategorySource,
  ): CapabilityTableEntry;
}

/** A Tool's own `jsonSchema` field, public or not. */
function jsonSchemaOf(tool: ToolLike): JsonSchema | undefined {
  const own = (tool as { jsonSchema?: unknown }).jsonSchema;
  return typeof own === "object" && own !== null ? (own as JsonSchema) : undefined;
}

const isCategory = (c: unknown): c is PermissionCategory => (PERMISSION_CATEGORIES as readonly unknown[]).includes(c);

/** The host's map (unlisted → external, as the reference classes an unclassified tool), else
 *  the tool's own `category`, else external — the one fallback that is reported. */
function categoryFrom(
  source: CategorySource | undefined,
  tool: ToolLike,
): { category: PermissionCategory; guessed: boolean } {
  if (source) {
    const found =
      typeof source === "function"
        ? source(tool.name)
        : Object.prototype.hasOwnProperty.call(source, tool.name)
          ? source[tool.name]
          : undefined;
    return { category: isCategory(found) ? found : "external", guessed: false };
  }
  const own = (tool as { category?: unknown }).category;
  return isCategory(own) ? { category: own, guessed: false } : { category: "external", guessed: true };
}

function defaultWarn(message: string): void {
  const proc = (globalThis as { process?: { emitWarning?: (m: string, t: string) => void } }).process;
  if (proc?.emitWarning) proc.emitWarning(message, "CapkitToolCategory");
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

/** An implementation loaded from the registry on first call, then kept. */
function lazyImpl(spec: CapabilitySpec, registry: CapabilityRegistry | undefined): () => Promise<CapabilityImpl> {
  let cached: CapabilityImpl | undefined;
  return async () => {
    if (cached) return cached;
    const lookup = registry;
    if (!lookup)
      throw new Error(`toolFromLazyCapability("${spec.name}") needs a registry: pass one to bindToolAdapters`);
    const impl = await lookup.loadCapabilityImpl(spec.name);
    if (!impl) throw new Error(`Capability "${spec.name}" is not in the registry`);
    return (cached = impl);
  };
}

/** The spec a Tool that capkit did not build amounts to, in the category it was classified in. */
function toolSpec(tool: ToolLike, category: PermissionCategory): CapabilitySpec {
  const zod = (tool as { schema?: unknown }).schema;
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: (tool.inputSchema ?? jsonSchemaOf(tool) ?? { type: "object", properties: {} }) as JsonSchema,
    ...(zod && typeof (zod as ZodLike).safeParse === "function" ? { zodSchema: zod as ZodLike } : {}),
    category,
    ...(tool.needsToolCallId ? { needsToolCallId: true } : {}),
    ...(typeof tool.userMessage === "function"
      ? { userMessage: (args: Record<string, unknown>) => tool.userMessage!(args) }
      : {}),
  };
}

type ToolBase = new () => ToolLike;

/** A Tool whose identity is the spec; `execute` (the base's) validates once, `process` runs the impl. */
function capabilityTool(
  Base: ToolBase,
  spec: CapabilitySpec,
  loadImpl: () => Promise<CapabilityImpl>,
  via: {
    readonly source: RunSource | undefined;
    readonly registry: CapabilityRegistry | undefined;
    readonly options: Pick<ToolAdapterOptions<ToolLike>, "contextGate" | "inputSchemaAsSchema">;
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
function gatedTool(
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

export function bindToolAdapters<T extends ToolLike>(options: ToolAdapterOptions<T>): ToolAdapters<T> {
  // The base is abstract in the host's code; the subclasses below implement what it needs.
  const Base = options.Tool as unknown as new () => ToolLike;
  const registry = options.registry;
  const specs = new WeakMap<object, CapabilitySpec>();
  const gated = new WeakSet<object>();
  const toolCallIdArg = options.toolCallIdArg ?? TOOL_CALL_ID_ARG;
  let warnedCategory = false;

  function specTool(spec: CapabilitySpec, loadImpl: () => Promise<CapabilityImpl>, source: RunSource | undefined): T {
    const tool = capabilityTool(Base, spec, loadImpl, { source, registry, options });
    specs.set(tool, spec);
    return tool as unknown as T;
  }

  function toolFromCapability(spec: CapabilitySpec, impl: CapabilityImpl, runOrFactory?: RunSource): T {
    return specTool(spec, async () => impl, runOrFactory);
  }

  function toolFromLazyCapability(spec: CapabilitySpec, runOrFactory?: RunSource): T {
    return specTool(spec, lazyImpl(spec, registry), runOrFactory);
  }

  function toolForCapabilityName(name: string, runOrFactory?: RunSource): T {
    const spec = registry?.capabilitySpec(name);
    if (!spec) {
      throw new Error(
        `toolForCapabilityName: no capability named "${name}" in the registry${registry ? "" : " (no registry was bound)"}`,
      );
    }
    return toolFromLazyCapability(spec, runOrFactory);
  }

  function classify(tool: ToolLike, categories: CategorySource | undefined): PermissionCategory {
    const { category, guessed } = categoryFrom(categories ?? options.categories, tool);
    if (guessed && !warnedCategory) {
      warnedCategory = true;
      (options.warn ?? defaultWarn)(
        `capkit: capabilityFromTool("${tool.name}"): no categories map was bound and the tool has no category, so it is classed external ` +
          `(blocked in plan mode, asked in default mode). Pass the host's map: bindToolAdapters({ Tool, categories }).`,
      );
    }
    return category;
  }

  function capabilityFromTool(tool: ToolLike, categories?: CategorySource): HostCapability {
    const own = specs.get(tool);
    const spec = own ?? toolSpec(tool, classify(tool, categories));
    // invoke has validated; process (not execute) so the arguments are checked exactly once.
    return { spec, impl: (run, args) => tool.process(run.context, args) };
  }

  function gateTools(
    tools: readonly ToolLike[],
    gateOrOptions: CapabilityGate | PermissionGateOptions,
    categories?: CategorySource,
  ): T[] {
    const gate = isGate(gateOrOptions) ? gateOrOptions : createPermissionGate(gateOrOptions); // one allow-set per belt
    return tools.map((inner) => {
      if (gated.has(inner)) return inner as T;
      const capability = capabilityFromTool(inner, categories);
      const tool = gatedTool(Base, inner, capability, { gate, registry, toolCallIdArg });
      gated.add(tool);
      if (specs.has(inner)) specs.set(tool, capability.spec);
      return tool as unknown as T;
    });
  }

  function toolsAsCapabilityModule(
    moduleKey: string,
    tools: readonly ToolLike[],
    categories?: CategorySource,
  ): CapabilityTableEntry {
    const exports = tools.map((t) => capabilityFromTool(t, categories));
    return { specs: exports.map((e) => e.spec), loader: async () => ({ module: moduleKey, exports }) };
  }

  return {
    toolFromCapability,
    toolFromLazyCapability,
    toolForCapabilityName,
    capabilityFromTool,
    gateTools,
    specOfTool: (t) => specs.get(t),
    toolsAsCapabilityModule,
  };
}
