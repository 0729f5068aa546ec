import { fourB } from "../util/four-b.js";
export const fourA = (): string => fourB();
