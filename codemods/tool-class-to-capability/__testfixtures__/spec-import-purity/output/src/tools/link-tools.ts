/**
 * Specs may take values from schema modules, never from an implementation module: a spec
 * needing MAX_STEPS from ../sandbox.js stays (its impl alone may import it). The multi-line
 * description keeps its exact text.
 */
import type { ProcessingContext } from "../context.js";
import { MAX_STEPS, runSteps } from "../sandbox.js";
import { Tool } from "./base-tool.js";

export class StepLinksTool extends Tool {
  readonly name = "step_links";
  readonly description = `Follow links for at most ${MAX_STEPS} steps.`;
  readonly jsonSchema = { type: "object", properties: { steps: { type: "number" } } };

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { steps: runSteps(Number(params["steps"] ?? 1)) };
  }
}
