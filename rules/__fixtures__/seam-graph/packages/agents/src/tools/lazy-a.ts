export async function lazyA(): Promise<string> {
  const { lazyB } = await import("../capabilities/lazy-b.js");
  return lazyB();
}
