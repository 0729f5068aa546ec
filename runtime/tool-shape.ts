/**
 * The structural slice of a host's Tool class the adapters rely on (a `jsonSchema` field is read
 * when present but not required: NodeTool declares it protected), and the one helper that
 * pins a wrapper's schema accessors on the instance (the base may declare them as getters,
 * which a subclass field cannot override). Dependency-free; consumed by ./adapters.ts.
 */
import type { CapabilityRun, JsonSchema } from "./types.js";

export interface ToolLike {
  readonly name: string;
  readonly description: string;
  /** zod-style schema (the base class's `get schema()`), when the tool declares one. */
  readonly schema?: unknown;
  readonly inputSchema?: object;
  readonly needsToolCallId?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  process(context: any, params: Record<string, unknown>): Promise<unknown>;
  userMessage?(params: Record<string, unknown>): string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  execute?(context: any, params: Record<string, unknown>): Promise<unknown>;
}

/** A run to hand the implementation, or a factory building one from the Tool's context. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RunSource = CapabilityRun | ((context: any) => CapabilityRun);

export function toolShape(instance: object, shape: { schema: unknown; inputSchema: JsonSchema }): void {
  Object.defineProperty(instance, "schema", {
    get: () => shape.schema ?? undefined,
    configurable: true,
    enumerable: false,
  });
  Object.defineProperty(instance, "inputSchema", {
    get: () => shape.inputSchema,
    configurable: true,
    enumerable: false,
  });
}
