export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  lookup_key: "read",
  traced_lookup: "read",
  plain_lookup: "read",
  count_keys: "read",
  this_typed: "read",
};
