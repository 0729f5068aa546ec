import type { T } from "./t";
import { v } from "./v";
export const b = (): T => v();
