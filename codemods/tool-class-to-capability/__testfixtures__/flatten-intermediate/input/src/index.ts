export { FetchTool, FetchGetTool, FetchPostTool } from "./tools/fetch-tools.js";
export type { ProcessingContext } from "./context.js";
