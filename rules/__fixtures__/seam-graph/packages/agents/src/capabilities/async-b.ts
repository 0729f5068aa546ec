import { asyncA } from "../tools/async-a.js";
import { CONFIG } from "../util/config.js";
export const asyncB = (): string => `${typeof asyncA}:${CONFIG.mode}`;
