import type { Tool } from "./base-tool.js";

// class CommentedTool extends Tool {}
/* class BlockCommentTool extends Tool {} */
const text = "class StringTool extends Tool {}";
const tpl = `class TemplateTool extends Tool {}`;

export function register<T extends Tool<{ a: number }>>(tool: T): T {
  return tool;
}

export interface ToolLike extends Tool {}

export class Registry<T extends Tool = Tool> {
  items: T[] = [];
}

export function keep(): string[] {
  return [text, tpl];
}
