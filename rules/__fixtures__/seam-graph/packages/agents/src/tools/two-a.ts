import { twoB } from "../capabilities/two-b.js";
export const twoA = (): number => twoB() + 1;
