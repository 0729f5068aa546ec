export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  search_docs: "read",
  index_docs: "write",
};
