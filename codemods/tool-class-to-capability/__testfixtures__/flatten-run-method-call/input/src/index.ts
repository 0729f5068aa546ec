export * from "./tools/count-tools.js";
