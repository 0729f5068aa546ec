import { AgentBase } from "./reexports.js";
import Anon from "@acme/agents/tools/anon";

export class BetaTool extends AgentBase {
  readonly name = "beta";
  readonly description = "beta tool";
  async process(): Promise<unknown> {
    return null;
  }
}

export class AnonChildTool extends Anon {
  readonly name = "anon_child";
}
