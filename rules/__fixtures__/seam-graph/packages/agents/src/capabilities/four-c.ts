import { fourD } from "../tools/four-d.js";
export const fourC = (): string => fourD();
