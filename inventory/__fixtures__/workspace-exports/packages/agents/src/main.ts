export * from "./tools/index.js";
