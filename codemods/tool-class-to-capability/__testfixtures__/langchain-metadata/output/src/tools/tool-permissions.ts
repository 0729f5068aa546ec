export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  echo_search: "read",
  keyed_search: "external",
  run_time_named: "read",
  self_named_namespace: "read",
  configured_search: "read",
  jsoned_search: "read",
  getter_search: "read",
};
