import Http from "./http.js";

export class HttpGetTool extends Http {
  readonly name = "http_get";
  readonly description = "http_get tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
