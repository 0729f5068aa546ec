export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  who_am_i: "read",
  list_steps: "read",
  ping: "read",
};
