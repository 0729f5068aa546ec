import type { ProcessingContext, VectorCollection } from "../context.js";
import { Tool } from "./base-tool.js";

export abstract class StatefulBase extends Tool {
  protected calls = 0;
}
export class StatefulChildTool extends StatefulBase {
  readonly name = "stateful_child";
  readonly description = "Inherits a counter.";
  async process() {
    return {};
  }
}

export abstract class CtorBase extends Tool {
  constructor(protected readonly prefix: string) {
    super();
  }
}
export class CtorChildTool extends CtorBase {
  readonly name = "ctor_child";
  readonly description = "Inherits a constructor.";
  async process() {
    return {};
  }
}

export abstract class GenericBase<T> extends Tool {
  protected wrap(value: T) {
    return { value };
  }
}
export class GenericChildTool extends GenericBase<string> {
  readonly name = "generic_child";
  readonly description = "Inherits a generic helper.";
  async process() {
    return this.wrap("x");
  }
}

export abstract class MixedBase extends Tool {
  protected done() {
    return { ok: true };
  }
}
export class MixedCapabilityTool extends MixedBase {
  readonly name = "mixed_capability";
  readonly description = "A capability beside a loop-protocol sibling.";
  async process() {
    return this.done();
  }
}
export class MixedFinishTool extends MixedBase {
  readonly name = "mixed_finish";
  readonly description = "Ends the loop.";
  async process() {
    return this.done();
  }
}

export class ConcreteBase extends Tool {
  readonly name = "concrete_base";
  readonly description = "Constructed itself, and subclassed.";
  async process() {
    return {};
  }
}
export class ConcreteChildTool extends ConcreteBase {
  readonly name = "concrete_child";
}

export abstract class SiblingBase extends Tool {
  protected ok() {
    return { ok: true };
  }
}
export class GoodSiblingTool extends SiblingBase {
  readonly name = "good_sibling";
  readonly description = "Would flatten on its own.";
  async process() {
    return this.ok();
  }
}
export class BadSiblingTool extends SiblingBase {
  readonly name = "bad_sibling";
  readonly description = "Keeps state.";
  private seen = 0;
  async process() {
    return { seen: this.seen };
  }
}

export abstract class MessageBase extends Tool {
  userMessage(params: Record<string, unknown>): string {
    return `Base message for ${String(params["id"])}`;
  }
}
export class SuperMessageTool extends MessageBase {
  readonly name = "super_message";
  readonly description = "Extends the intermediate's message.";
  async process() {
    return {};
  }
  userMessage(params: Record<string, unknown>): string {
    return `${super.userMessage(params)}!`;
  }
}

export abstract class CrossNamespaceBase extends Tool {
  protected hello() {
    return "hello";
  }
}

/** userMessage names the bound collection: a spec's userMessage(args) has no run to read it from. */
export class BatchIndexTool extends Tool {
  readonly name = "batch_index";
  readonly description = "Index documents in the bound collection.";
  constructor(private readonly collection: VectorCollection) {
    super();
  }
  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { ids: this.collection.upsert(Array.isArray(params["docs"]) ? params["docs"] : []) };
  }
  userMessage(params: Record<string, unknown>): string {
    return `Indexing ${Array.isArray(params["docs"]) ? params["docs"].length : 0} documents into ${this.collection.name}`;
  }
}
