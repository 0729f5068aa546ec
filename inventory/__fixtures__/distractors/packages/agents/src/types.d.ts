import { Tool } from "./tools/base-tool.js";

export declare class DeclaredTool extends Tool {}
