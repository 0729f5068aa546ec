import { Tool } from "./base-tool.js";
import { WithRetry } from "./mixins.js";

export const RetryingBase = WithRetry(Tool);
