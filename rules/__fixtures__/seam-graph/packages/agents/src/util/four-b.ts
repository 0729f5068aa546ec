import { fourC } from "../capabilities/four-c.js";
export const fourB = (): string => fourC();
