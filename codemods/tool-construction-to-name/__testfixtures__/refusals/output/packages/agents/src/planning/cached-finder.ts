/** A planner-side finder that remembers its last answer; it still subclasses the converted class. */
import { FindModelTool } from "../tools/models-tools.js";

export class CachedFinder extends FindModelTool {
  private last: unknown = null;

  override async process(context: never, params: Record<string, unknown>): Promise<unknown> {
    this.last ??= await super.process(context, params);
    return this.last;
  }
}
