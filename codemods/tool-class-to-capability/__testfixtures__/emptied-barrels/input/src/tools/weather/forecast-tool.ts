import { Tool } from "../base-tool.js";

export class ForecastTool extends Tool {
  readonly name = "forecast";
  readonly description = "Forecasts the weather.";
  readonly jsonSchema = { type: "object", properties: { place: { type: "string" } } };

  async process(_context: unknown, params: Record<string, unknown>) {
    return { place: params["place"], sky: "clear" };
  }
}
