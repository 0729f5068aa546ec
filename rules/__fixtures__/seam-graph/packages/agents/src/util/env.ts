export const ENV = await Promise.resolve({ mode: "test" });
