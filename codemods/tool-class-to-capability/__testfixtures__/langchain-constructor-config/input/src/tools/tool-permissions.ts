export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  forecast: "external",
  geocode: "external",
  station_lookup: "external",
  radar_lookup: "external",
  self_configured: "external",
  merged_options: "external",
  warned_config: "external",
  own_error: "external",
};
