import { ControlTool, SubmitGraphTool } from "../tools/loop-tools.js";

declare function runProviderLoop(tools: unknown[]): Promise<void>;

export class GraphPlanner {
  async plan(edges: string[]): Promise<unknown> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const tool = new SubmitGraphTool();
      const controls = edges.map((e) => new ControlTool(e));
      await runProviderLoop([tool, ...controls]);
      if (tool.graph) return tool.graph;
    }
    return null;
  }
}
