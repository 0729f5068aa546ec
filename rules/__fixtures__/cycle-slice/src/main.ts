// The app entry: loads the store lazily, the way a server loads its routes.
const { repo } = await import("./store/index.js");
console.log(`ready: ${JSON.stringify(await repo.get("k"))}`);
