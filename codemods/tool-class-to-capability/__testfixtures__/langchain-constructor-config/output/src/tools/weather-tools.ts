import { Tool, type ToolParams } from "@langchain/core/tools";

export type ForecastFields = ToolParams & {
  apiKey?: string;
  days?: number;
  units?: "metric" | "imperial";
  extra?: Record<string, string>;
  endpoint?: string;
};

export interface GeocodeParams {
  apiKey?: string;
}

/** The base is given options of the class's own making: not LangChain's pass-through. */
export class SelfConfiguredTool extends Tool {
  name = "self_configured";

  description = "Configures its base itself.";

  constructor(fields?: ToolParams) {
    super({ ...fields, verbose: true });
  }

  async _call(input: string): Promise<string> {
    return input.trim();
  }
}

/** A conditional merge into a field default is not a value the run can recompute per call. */
export class MergedOptionsTool extends Tool {
  name = "merged_options";

  description = "Merges options into its defaults.";

  protected options: Record<string, string> = { format: "json" };

  constructor(fields?: { options?: Record<string, string> }) {
    super(fields);
    if (fields?.options) {
      this.options = { ...this.options, ...fields.options };
    }
  }

  async _call(input: string): Promise<string> {
    return JSON.stringify({ input, ...this.options });
  }
}

/** A check that does more than throw (it logs) is constructor logic. */
export class WarnedConfigTool extends Tool {
  name = "warned_config";

  description = "Warns when unconfigured.";

  protected endpoint?: string;

  constructor(fields?: { endpoint?: string }) {
    super(fields);
    this.endpoint = fields?.endpoint;
    if (!this.endpoint) console.warn("no endpoint configured");
  }

  async _call(input: string): Promise<string> {
    return `${this.endpoint ?? "none"}:${input}`;
  }
}

class MissingKeyError extends Error {
  constructor(readonly variable: string) {
    super(`${variable} is not set`);
  }
}

/** Throwing an error class of the file's own: constructing it could do anything, so it stays. */
export class OwnErrorTool extends Tool {
  name = "own_error";

  description = "Throws its own error class.";

  protected key?: string;

  constructor(fields?: { key?: string }) {
    super(fields);
    this.key = fields?.key;
    if (!this.key) throw new MissingKeyError("OWN_ERROR_KEY");
  }

  async _call(input: string): Promise<string> {
    return `${this.key}:${input}`;
  }
}
