import { makeNodeTool } from "./tools/factory.js";

export function buildHostTools() {
  const Cls = makeNodeTool("x");
  return [new Cls()];
}
