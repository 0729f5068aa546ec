import { BARREL } from "../tools/barrel.js";
export const barrelCap = (): number => BARREL;
