import { Tool } from "../base-tool.js";

export class GeocodeTool extends Tool {
  readonly name = "geocode";
  readonly description = "Turns an address into coordinates.";
  readonly jsonSchema = { type: "object", properties: { address: { type: "string" } } };

  async process(_context: unknown, params: Record<string, unknown>) {
    return { address: params["address"], lat: 0, lon: 0 };
  }
}
