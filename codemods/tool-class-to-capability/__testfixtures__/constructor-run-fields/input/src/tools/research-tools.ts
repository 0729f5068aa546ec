/**
 * Research tools whose constructors take host dependencies no configured run field covers:
 * each parameter becomes a run field of its own, and constructor defaults move into the impl.
 */
import type { ProcessingContext } from "../context.js";
import type { LongTermMemory } from "../memory/long-term.js";
import type { SerpProvider } from "../providers/serp.js";
import { Tool } from "./base-tool.js";

const DEFAULT_TIMEOUT_MS = 10_000;

export interface FetchSettings {
  readonly timeoutMs?: number;
}

export class ReadWorkspaceFileTool extends Tool {
  readonly name = "read_workspace_file";
  readonly description = "Read a file under the workspace root.";
  readonly jsonSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };

  constructor(private readonly workspaceRoot: string) {
    super();
  }

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    return { text: await context.readFile(`${this.workspaceRoot}/${String(params["path"])}`) };
  }
}

export class WebSearchTool extends Tool {
  readonly name = "web_search";
  readonly description = "Search the web.";
  readonly jsonSchema = { type: "object", properties: { query: { type: "string" } }, required: ["query"] };

  constructor(
    private readonly provider: SerpProvider,
    private readonly limit = 5,
  ) {
    super();
  }

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { results: await this.provider.search(String(params["query"]), this.limit) };
  }
}

export class RecallTool extends Tool {
  readonly name = "recall";
  readonly description = "Recall what the bound memory holds about a query.";
  readonly jsonSchema = { type: "object", properties: { query: { type: "string" } } };

  constructor(private readonly bound: LongTermMemory | null) {
    super();
  }

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    if (!this.bound) return { memories: [], note: "No long-term memory is bound to this agent." };
    return { memories: await this.bound.recall(String(params["query"] ?? "")) };
  }
}

export class FetchPageTool extends Tool {
  readonly name = "fetch_page";
  readonly description = "Fetch a page's text, giving up after a timeout.";
  readonly jsonSchema = { type: "object", properties: { url: { type: "string" } }, required: ["url"] };
  private readonly timeoutMs: number;

  constructor(settings?: FetchSettings) {
    super();
    this.timeoutMs = settings?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    const response = await context.fetch(String(params["url"]), { signal: AbortSignal.timeout(this.timeoutMs) });
    return { text: await response.text() };
  }
}

export interface DelegateOptions {
  readonly model: string;
}

/** Takes `options`: the run field is named after the parameter, run.options; this class types it first. */
export class DelegateTool extends Tool {
  readonly name = "delegate";
  readonly description = "Hand a task to a sub-agent.";
  readonly jsonSchema = { type: "object", properties: { task: { type: "string" } }, required: ["task"] };

  constructor(private readonly options: DelegateOptions) {
    super();
  }

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { model: this.options.model, task: String(params["task"]) };
  }
}

export interface SummaryOptions {
  readonly maxWords?: number;
}

/** Also takes `options`, typed otherwise: it gets a field named after its type, run.summaryOptions. */
export class SummarizeTool extends Tool {
  readonly name = "summarize";
  readonly description = "Cut a text down to a number of words.";
  readonly jsonSchema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };

  constructor(private readonly options: SummaryOptions = {}) {
    super();
  }

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { summary: String(params["text"]).split(/\s+/).slice(0, this.options.maxWords ?? 50).join(" ") };
  }
}
