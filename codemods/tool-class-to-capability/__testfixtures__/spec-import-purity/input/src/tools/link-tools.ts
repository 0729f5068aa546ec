/**
 * Specs may take values from schema modules, never from an implementation module: a spec
 * needing MAX_STEPS from ../sandbox.js stays (its impl alone may import it). The multi-line
 * description keeps its exact text.
 */
import type { ProcessingContext } from "../context.js";
import { MAX_STEPS, runSteps } from "../sandbox.js";
import { MAX_LINKS } from "../schemas/limits.js";
import { Tool } from "./base-tool.js";

export class CollectLinksTool extends Tool {
  readonly name = "collect_links";
  readonly description = `Collect the links of a page.
- At most ${MAX_LINKS} links
- Relative links are resolved against the page`;
  readonly jsonSchema = { type: "object", properties: { url: { type: "string" } }, required: ["url"] };

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { url: String(params["url"]), links: [] as string[], max: MAX_LINKS };
  }
}

export class StepLinksTool extends Tool {
  readonly name = "step_links";
  readonly description = `Follow links for at most ${MAX_STEPS} steps.`;
  readonly jsonSchema = { type: "object", properties: { steps: { type: "number" } } };

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { steps: runSteps(Number(params["steps"] ?? 1)) };
  }
}

export class CountStepsTool extends Tool {
  readonly name = "count_steps";
  readonly description = "Count how many steps a walk would take.";
  readonly jsonSchema = { type: "object", properties: { steps: { type: "number" } } };

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { steps: runSteps(Number(params["steps"] ?? 1)), limit: MAX_STEPS };
  }

  /** Once the `_message` fallback moves to the runtime, the parameter is unused: it becomes `_params`. */
  userMessage(params: Record<string, unknown>): string {
    const llm = Tool.extractMessage(params);
    if (llm) return llm;
    return "Counting steps";
  }
}
