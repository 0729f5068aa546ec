import { sameB } from "./same-b.js";
export const sameA = (): number => sameB();
