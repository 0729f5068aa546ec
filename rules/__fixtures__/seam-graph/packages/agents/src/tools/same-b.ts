import { sameA } from "./same-a.js";
export const sameB = (): number => (typeof sameA === "function" ? 2 : 0);
