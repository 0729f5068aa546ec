// Public entry: re-exports the core, the store and the types.
export * from "./internal/Observable.js";
export { Subject } from "./internal/Subject.js";
export { autorun, observable } from "./core/internal.js";
export { repo } from "./store/index.js";
export type { Observer, Shape } from "./shapes/types.js";
