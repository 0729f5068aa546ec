/**
 * Memory tools, migrated to capabilities/memory.ts. The classes below are the --keep-shims
 * leftovers, kept for code outside this repository.
 */
import { createCapabilityRun } from "capkit/runtime";
import { registry, toolForCapabilityName } from "../capabilities/registry.js";
import { Tool } from "./base-tool.js";

/**
 * @deprecated Migrated to the "remember" capability (module "memory"). Build it with
 * `toolForCapabilityName("remember", run)`; this shim only keeps `new RememberTool(...)` and
 * `instanceof RememberTool` (a Tool named "remember") working.
 */
export interface RememberTool extends Tool {}
// eslint-disable-next-line @typescript-eslint/no-extraneous-class, @typescript-eslint/no-unsafe-declaration-merging
export class RememberTool {
  constructor() {
    return toolForCapabilityName("remember", (context) => createCapabilityRun({ context, registry })) as RememberTool;
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Tool && value.name === "remember";
  }
}

/**
 * @deprecated Migrated to the "recall" capability (module "memory"). Build it with
 * `toolForCapabilityName("recall", run)`; this shim only keeps `new RecallTool(...)` and
 * `instanceof RecallTool` (a Tool named "recall") working.
 */
export interface RecallTool extends Tool {}
// eslint-disable-next-line @typescript-eslint/no-extraneous-class, @typescript-eslint/no-unsafe-declaration-merging
export class RecallTool {
  constructor() {
    return toolForCapabilityName("recall", (context) => createCapabilityRun({ context, registry })) as RecallTool;
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Tool && value.name === "recall";
  }
}

/**
 * @deprecated Migrated to the "forget" capability (module "memory"). Build it with
 * `toolForCapabilityName("forget", run)`; this shim only keeps `new ForgetTool(...)` and
 * `instanceof ForgetTool` (a Tool named "forget") working.
 */
export interface ForgetTool extends Tool {}
// eslint-disable-next-line @typescript-eslint/no-extraneous-class, @typescript-eslint/no-unsafe-declaration-merging
export class ForgetTool {
  constructor() {
    return toolForCapabilityName("forget", (context) => createCapabilityRun({ context, registry })) as ForgetTool;
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Tool && value.name === "forget";
  }
}
