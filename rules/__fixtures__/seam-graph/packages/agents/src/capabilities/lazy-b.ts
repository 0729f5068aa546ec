import { lazyA } from "../tools/lazy-a.js";
export const lazyB = (): string => typeof lazyA;
