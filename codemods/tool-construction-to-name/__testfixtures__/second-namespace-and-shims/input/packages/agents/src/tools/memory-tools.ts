/**
 * Memory tools, migrated to capabilities/memory.ts. The classes below are thin shims kept for
 * code outside this repository; new code constructs the tools by wire name.
 */
import { toolForCapabilityName } from "../capabilities/registry.js";
import { Tool } from "./base-tool.js";

/** @deprecated use toolForCapabilityName("remember") */
export class RememberTool extends Tool {
  constructor() {
    super();
    return toolForCapabilityName("remember");
  }
}

/** @deprecated use toolForCapabilityName("recall") */
export class RecallTool extends Tool {
  constructor() {
    super();
    return toolForCapabilityName("recall");
  }
}

/** @deprecated use toolForCapabilityName("forget") */
export class ForgetTool extends Tool {
  constructor() {
    super();
    return toolForCapabilityName("forget");
  }
}
