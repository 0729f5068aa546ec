import { Tool } from "./base-tool.js";

class JokeTool extends Tool {
  readonly name = "joke";
  readonly description = "Tells a joke.";
  async process() {
    return { joke: "knock knock" };
  }
}

export { JokeTool };
export default JokeTool;
