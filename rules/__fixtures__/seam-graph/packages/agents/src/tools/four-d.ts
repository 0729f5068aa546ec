import { fourA } from "./four-a.js";
export const fourD = (): string => typeof fourA;
