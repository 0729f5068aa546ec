export * from "./tools/weather-tools.js";
