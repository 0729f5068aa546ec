export { GeocodeTool } from "./geocode-tool.js";
