/**
 * Objects the constructor makes once per instance, changed through a local alias: moved into an
 * impl they would start fresh on every call, so each class that writes through an alias stays.
 * The last two only read through their aliases (or write a local copy of a number) and move.
 */
import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

export class AliasCounterTool extends Tool {
  readonly name = "alias_counter";
  readonly description = "Counts calls on this instance.";
  private readonly state: { count: number };
  constructor() {
    super();
    this.state = { count: 0 };
  }
  async process(_context: ProcessingContext, _params: Record<string, unknown>) {
    const s = this.state;
    s.count++;
    return { count: s.count };
  }
}

export class AliasListTool extends Tool {
  readonly name = "alias_list";
  readonly description = "Remembers the queries this instance saw.";
  constructor(private readonly seen: string[] = []) {
    super();
  }
  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    const list = this.seen;
    list.push(String(params["q"]));
    return { seen: list.length };
  }
}

export class DestructuredStateTool extends Tool {
  readonly name = "destructured_state";
  readonly description = "Collects tags on this instance.";
  private readonly state: { tags: string[] };
  constructor() {
    super();
    this.state = { tags: [] };
  }
  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    const { tags } = this.state;
    tags.push(String(params["tag"]));
    return { tags: tags.length };
  }
}

export class AssignedStateTool extends Tool {
  readonly name = "assigned_state";
  readonly description = "Merges settings into this instance.";
  private readonly settings: Record<string, unknown>;
  constructor() {
    super();
    this.settings = { verbose: false };
  }
  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    Object.assign(this.settings, params);
    return { settings: this.settings };
  }
}

export class ReassignedAliasTool extends Tool {
  readonly name = "reassigned_alias";
  readonly description = "Counts through an alias assigned after its declaration.";
  private readonly totals: { calls: number };
  constructor() {
    super();
    this.totals = { calls: 0 };
  }
  async process(_context: ProcessingContext, _params: Record<string, unknown>) {
    let t: { calls: number };
    t = this.totals;
    t.calls += 1;
    return { calls: t.calls };
  }
}

export class LoopMarkTool extends Tool {
  readonly name = "loop_mark";
  readonly description = "Marks this instance's items as seen.";
  private readonly items: { seen: boolean }[];
  constructor() {
    super();
    this.items = [{ seen: false }];
  }
  async process(_context: ProcessingContext, _params: Record<string, unknown>) {
    for (const item of this.items) item.seen = true;
    return { items: this.items.length };
  }
}

export class ReadAliasTool extends Tool {
  readonly name = "read_alias";
  readonly description = "Reads limits through an alias and bumps a local copy.";
  private readonly limits: { max: number };
  constructor() {
    super();
    this.limits = { max: 3 };
  }
  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    const l = this.limits;
    let n = l.max;
    n++;
    return { allowed: Number(params["n"]) < n };
  }
}

export class ReadLoopTool extends Tool {
  readonly name = "read_loop";
  readonly description = "Reads defaults in a loop.";
  private readonly defaults: { key: string }[];
  constructor() {
    super();
    this.defaults = [{ key: "a" }];
  }
  async process(_context: ProcessingContext, _params: Record<string, unknown>) {
    const keys: string[] = [];
    for (const d of this.defaults) keys.push(d.key);
    return { keys };
  }
}
