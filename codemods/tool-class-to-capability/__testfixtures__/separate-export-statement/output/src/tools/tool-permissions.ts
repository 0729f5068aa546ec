export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  echo: "read",
  shout: "read",
  whisper: "read",
  joke: "read",
};
