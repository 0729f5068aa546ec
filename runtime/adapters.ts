/**
 * Adapters for coexistence between a host's `Tool` class hierarchy and capabilities, bound
 * to the host's own base class (passed in — the runtime never imports a user's Tool):
 * a Tool from a spec + impl (eager or lazy, or by wire name; its default run reads the context's
 * gate, else the headless gate), a capability view of a Tool (category from the host's map,
 * unlisted → external; without a map the tool's own `category`), and `gateTools`, which routes
 * every belt tool through the one ladder in `invoke`. Consumed by a migrated `capabilities/registry.ts`.
 */
import { createPermissionGate, isGate } from "./gate.js";
import type { GateFromContextOptions } from "./gate-from-context.js";
import type { CapabilityGate, PermissionCategory, PermissionGateOptions } from "./permission-types.js";
import { PERMISSION_CATEGORIES } from "./permission-types.js";
import type { CapabilityRegistry, CapabilityTableEntry } from "./registry.js";
import type { CapabilityImpl, CapabilitySpec, HostCapability, JsonSchema, ZodLike } from "./types.js";
import { TOOL_CALL_ID_ARG } from "./validate.js";
import type { ToolLike, RunSource } from "./tool-shape.js";
import { capabilityTool, gatedTool, jsonSchemaOf } from "./adapter-tools.js";

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
