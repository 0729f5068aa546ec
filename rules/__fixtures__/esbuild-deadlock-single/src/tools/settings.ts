// Settings read at start-up: a top-level await, harmless on its own.
export const SETTINGS = await Promise.resolve({ defaultCategory: "external" });
