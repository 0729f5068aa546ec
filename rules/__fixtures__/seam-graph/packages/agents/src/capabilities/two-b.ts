import { twoA } from "../tools/two-a.js";
export const twoB = (): number => (typeof twoA === "function" ? 1 : 0);
