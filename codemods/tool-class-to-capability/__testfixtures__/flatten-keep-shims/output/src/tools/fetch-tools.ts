import type { HttpRequest, ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";
import { registry as capabilityRegistry, toolForCapabilityName } from "../capabilities/registry.js";
import { createCapabilityRun } from "capkit/runtime";

export abstract class FetchTool extends Tool {
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
