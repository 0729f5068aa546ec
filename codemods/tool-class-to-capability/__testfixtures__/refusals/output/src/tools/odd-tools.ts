/** Every shape the class → capability codemod must refuse rather than half-convert. */
import type { NodeRegistry, ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

const SHARED_DESCRIPTION = ["Shared", "with code that stays."].join(" "); // a call is not data: refused, not shared

export function describeAll(): string {
  return SHARED_DESCRIPTION;
}

export class DynamicNameTool extends Tool {
  readonly name = `dyn_${Date.now()}`;
  readonly description = "Name built at run time.";
  async process() {
    return {};
  }
}

export class LogicCtorTool extends Tool {
  readonly name = "logic_ctor";
  readonly description = "Constructor computes.";
  private readonly limit: number;
  constructor(limit: number) {
    super();
    this.limit = Math.max(1, limit);
  }
  async process() {
    return { limit: this.limit };
  }
}

export class SuperArgsTool extends Tool {
  readonly name = "super_args";
  readonly description = "Calls a base method.";
  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { message: super.userMessage(params) };
  }
}

export class NoRunFieldTool extends Tool {
  readonly name = "no_run_field";
  readonly description = "Its dependency would take a field the run itself owns.";
  constructor(private readonly gate: { send(to: string): void }) {
    super();
  }
  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    this.gate.send(String(params["to"]));
    return { ok: true };
  }
}

export class CountingTool extends Tool {
  readonly name = "counting";
  readonly description = "Counts its calls.";
  calls = 0;
  async process() {
    return { calls: this.calls };
  }
}

export class WritesStateTool extends Tool {
  readonly name = "writes_state";
  readonly description = "Writes a field in process.";
  constructor(private readonly registry: NodeRegistry) {
    super();
  }
  async process() {
    this.registry = this.registry;
    return {};
  }
}

export class EscapingTool extends Tool {
  readonly name = "escaping";
  readonly description = "Hands itself to someone else.";
  async process(context: ProcessingContext) {
    return { owner: [this].length, user: context.userId };
  }
}

export class PublicMethodTool extends Tool {
  readonly name = "public_method";
  readonly description = "Has a public helper.";
  async process() {
    return this.helper();
  }
  helper() {
    return {};
  }
}

export class StaticTool extends Tool {
  static readonly instances = 0;
  readonly name = "static_member";
  readonly description = "Has a static.";
  async process() {
    return {};
  }
}

export class MessageReadsStateTool extends Tool {
  readonly name = "message_state";
  readonly description = "userMessage reads a dependency.";
  constructor(private readonly registry: NodeRegistry) {
    super();
  }
  async process() {
    return {};
  }
  userMessage(): string {
    return `Searching ${this.registry.search("", 1).length}`;
  }
}

export class SharedConstantTool extends Tool {
  readonly name = "shared_constant";
  readonly description = SHARED_DESCRIPTION;
  async process() {
    return {};
  }
}

export class SelfReferenceTool extends Tool {
  readonly name = "self_reference";
  readonly description = "Builds a sibling.";
  async process() {
    return { again: new SelfReferenceTool().name };
  }
}

export class BlockedTool extends Tool {
  readonly name = "blocked";
  readonly description = "The inventory found a blocker.";
  async process() {
    return {};
  }
}

export class SubmitTool extends Tool {
  readonly name = "submit";
  readonly description = "Loop-protocol: never touched.";
  async process() {
    return {};
  }
}

function logged<T>(value: T): T {
  return value;
}

@logged
export class DecoratedTool extends Tool {
  readonly name = "decorated";
  readonly description = "Has a class decorator.";
  async process() {
    return {};
  }
}

export class NoDescriptionTool extends Tool {
  readonly name = "no_description";
  declare readonly description: string;
  async process() {
    return {};
  }
}

export class DuplicateTool extends Tool {
  readonly name = "fetch_url";
  readonly description = "Same wire name as a migrated capability.";
  async process() {
    return {};
  }
}

export class GenericTool<T> extends Tool {
  readonly name = "generic";
  readonly description = "Generic over its result.";
  async process(): Promise<T | undefined> {
    return undefined;
  }
}

export class NamelessTool extends Tool {
  readonly description = "No wire name at all.";
  async process() {
    return {};
  }
}

export class SeenTool extends Tool {
  readonly name = "seen";
  readonly description = "Remembers what it was asked, per instance.";
  private readonly seen: string[];
  constructor() {
    super();
    this.seen = [];
  }
  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    this.seen.push(String(params["q"]));
    return { count: this.seen.length };
  }
}
