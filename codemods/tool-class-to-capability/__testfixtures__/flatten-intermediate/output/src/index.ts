
export type { ProcessingContext } from "./context.js";
