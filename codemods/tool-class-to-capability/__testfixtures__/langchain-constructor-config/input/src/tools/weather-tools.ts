import { Tool, type ToolParams } from "@langchain/core/tools";
import { getEnvironmentVariable } from "@langchain/core/utils/env";

export type ForecastFields = ToolParams & {
  apiKey?: string;
  days?: number;
  units?: "metric" | "imperial";
  extra?: Record<string, string>;
  endpoint?: string;
};

/** LangChain's common constructor: super(fields), then each option over the field's default. */
export class ForecastTool extends Tool {
  static lc_name() {
    return "ForecastTool";
  }

  name = "forecast";

  description = "Forecasts the weather for a place.";

  protected days = 3;

  protected apiKey?: string;

  protected units?: "metric" | "imperial";

  protected extra: Record<string, string> = {};

  protected endpoint: string;

  constructor(fields?: ForecastFields) {
    super(fields);
    this.days = fields?.days ?? this.days;
    this.apiKey = fields?.apiKey ?? getEnvironmentVariable("FORECAST_API_KEY");
    this.units = fields?.units ?? this.units;
    this.extra = fields?.extra ?? this.extra;
    this.endpoint = fields?.endpoint ?? "https://forecast.example";

    if (this.apiKey === undefined) {
      throw new Error(`No forecast API key: set FORECAST_API_KEY or pass apiKey.`);
    }
  }

  async _call(input: string): Promise<string> {
    const query = new URLSearchParams({ q: input, days: String(this.days), units: this.units ?? "metric", ...this.extra });
    const res = await fetch(`${this.endpoint}/v1?${query}`, { headers: { authorization: `Bearer ${this.apiKey}` } });
    return res.text();
  }
}

export interface GeocodeParams {
  apiKey?: string;
}

/** The key read into a local, checked, then stored; super(...arguments) hands the base everything. */
export class GeocodeTool extends Tool {
  name = "geocode";

  description = "Turns an address into coordinates.";

  protected apiKey: string;

  constructor(fields?: GeocodeParams) {
    super(...arguments);
    const apiKey = fields?.apiKey ?? getEnvironmentVariable("GEOCODE_API_KEY");
    if (apiKey === undefined) {
      throw new Error("Geocode API key not set.");
    }
    this.apiKey = apiKey;
  }

  async _call(input: string): Promise<string> {
    const res = await fetch("https://geocode.example", { headers: { "X-Key": this.apiKey }, body: input });
    return res.text();
  }
}

/** Positional parameters defaulting to the environment; two tools' keys are two run fields. */
export class StationLookupTool extends Tool {
  name = "station_lookup";

  description = "Finds the nearest weather station.";

  protected key: string;

  constructor(apiKey: string | undefined = getEnvironmentVariable("STATION_API_KEY")) {
    super();
    if (!apiKey) throw new Error("Station API key not set.");
    this.key = apiKey;
  }

  async _call(input: string): Promise<string> {
    const res = await fetch(`https://stations.example?near=${input}`, { headers: { "X-Key": this.key } });
    return res.text();
  }
}

export class RadarLookupTool extends Tool {
  name = "radar_lookup";

  description = "Returns the latest radar image for a place.";

  protected key: string;

  constructor(apiKey: string | undefined = getEnvironmentVariable("RADAR_API_KEY")) {
    super();
    if (!apiKey) throw new Error("Radar API key not set.");
    this.key = apiKey;
  }

  async _call(input: string): Promise<string> {
    const res = await fetch(`https://radar.example?at=${input}`, { headers: { "X-Key": this.key } });
    return res.text();
  }
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
