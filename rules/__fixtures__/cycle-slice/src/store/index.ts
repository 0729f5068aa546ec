export { repo } from "./repo.js";
export type { Row } from "./cache.js";
