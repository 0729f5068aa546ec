/**
 * The capability registry: every module's specs, read eagerly, beside one lazy loader per
 * module (an implementation loads on its first call, from the one module that owns it). Also
 * exports the Tool adapters bound to this codebase's Tool class, for call sites that still
 * assemble Tool[] belts. Written by `capkit migrate`; one entry per migrated namespace.
 */
import { bindToolAdapters, createCapabilityRegistry } from "capkit/runtime";
import { Tool } from "@langchain/core/tools";
import { TOOL_PERMISSION_CATEGORIES } from "../tools/tool-permissions.js";
import { weatherSpecs } from "./weather.specs.js";

/**
 * The base the Tool adapters extend: Tool runs a tool as _call(input) after checking the
 * input against its schema (a spec's zod schema, else its JSON schema: inputSchemaAsSchema), and
 * has no process(context, params), which the adapters implement. A Tool built here runs its
 * capability with the run it was given (no host context: LangChain passes none).
 */
abstract class CapabilityBridgeTool extends Tool {
  abstract process(context: unknown, params: Record<string, unknown>): Promise<unknown>;

  protected async _call(input: unknown): Promise<string> {
    const params = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : { input };
    const out = await this.process(undefined, params);
    return typeof out === "string" ? out : JSON.stringify(out);
  }
}

export const registry = createCapabilityRegistry({
  weather: { loader: () => import("./weather.js").then((m) => m.module), specs: weatherSpecs },
});

export const { toolFromCapability, toolFromLazyCapability, toolForCapabilityName, capabilityFromTool, gateTools } = bindToolAdapters<CapabilityBridgeTool>({
  Tool: CapabilityBridgeTool,
  registry,
  categories: TOOL_PERMISSION_CATEGORIES,
  inputSchemaAsSchema: true,
});
