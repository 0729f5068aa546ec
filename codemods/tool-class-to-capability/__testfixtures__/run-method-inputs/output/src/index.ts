export * from "./tools/lookup-tools.js";
