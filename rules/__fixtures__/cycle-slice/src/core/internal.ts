// mobx-style barrel: the order of these exports is the module initialisation order, and every
// core module imports its siblings back through this file.
export * from "./globalstate.js";
export * from "./atom.js";
export * from "./reaction.js";
export { observable } from "./observable.js";
export { autorun } from "./autorun.js";
