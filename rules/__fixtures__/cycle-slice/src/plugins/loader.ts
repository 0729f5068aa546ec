// Loads the heavy plugin lazily; the plugin imports the loader statically. The import() edge
// never closes a cycle, so there is none here although the loader has a top-level await.
export const plugins: Record<string, unknown> = {};

export function register(name: string, plugin: unknown): void {
  plugins[name] = plugin;
}

const heavy = await import("./heavy.js");
register("heavy", heavy.default);
