import type { HttpRequest, ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";
import { registry as capabilityRegistry, toolForCapabilityName } from "../capabilities/registry.js";
import { createCapabilityRun } from "capkit/runtime";

export abstract class FetchTool extends Tool {
  /**
   * Added by capkit migrate --keep-shims; remove it with the shims. The tools they build
   * ("fetch_get") are registry Tools, not subclasses of this class:
   * they count as instances, as for the shims' own `instanceof`.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    return this === FetchTool && value instanceof Tool && ["fetch_get"].includes(value.name);
  }

  protected async send(context: ProcessingContext, request: HttpRequest) {
    const response = await context.request(request);
    return { status: response.status };
  }
}

/**
 * @deprecated Migrated to the "fetch_get" capability (module "fetch"). Build it with
 * `toolForCapabilityName("fetch_get", run)`; this shim only keeps `new FetchGetTool(...)` and
 * `instanceof FetchGetTool` (a Tool named "fetch_get") working.
 */
export interface FetchGetTool extends Tool {}
// eslint-disable-next-line @typescript-eslint/no-extraneous-class, @typescript-eslint/no-unsafe-declaration-merging
export class FetchGetTool {
  constructor() {
    return toolForCapabilityName("fetch_get", (context) => createCapabilityRun({ context, registry: capabilityRegistry })) as FetchGetTool;
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Tool && value.name === "fetch_get";
  }
}
