export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  word_count: "read",
  slow_echo: "read",
  who_am_i: "read",
  char_count: "read",
};
