import { Tool } from "../tools/base-tool.js";
export function isTool(x: unknown): x is Tool { return x instanceof Tool; }
