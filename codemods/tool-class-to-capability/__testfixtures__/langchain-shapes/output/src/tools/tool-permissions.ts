export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  calculator: "read",
  "wikipedia-api": "external",
  json_list_keys: "read",
  traced_echo: "read",
  shout: "read",
};
