export * from "./tools/text-tools.js";
