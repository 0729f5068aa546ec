import { HttpTool } from "./http-tool.js";
import { Logging } from "./mixins.js";
import { RetryingBase } from "./retrying.js";
import { RetryingHttp } from "./retrying-http.js";

// Mixins applied once and extended by name: imported from a file with no class in it, and local.
const LoggedHttp = Logging(HttpTool);

export class BoundRetryTool extends RetryingBase {
  readonly name = "bound_retry";
  readonly description = "bound_retry tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class LoggedGetTool extends LoggedHttp {
  readonly name = "logged_get";
  readonly description = "logged_get tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class RetryHttpGetTool extends RetryingHttp {
  readonly name = "retry_http_get";
  readonly description = "retry_http_get tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
