/** The old categories map; fetch_url is left out on purpose (unlisted → external). */
export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  list_notes: "read",
  add_note: "write",
  run_macro: "execute",
};
