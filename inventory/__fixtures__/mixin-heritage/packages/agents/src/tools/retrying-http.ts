import { HttpTool } from "./http-tool.js";
import { WithRetry } from "./mixins.js";

// A mixin over a subclass, bound in a file with no class, no `extends` and no re-export.
export const RetryingHttp = WithRetry(HttpTool);
