// The reverse direction: a tools/ module importing the capabilities side closes a seam cycle.
import { capabilityNames } from "../capabilities/index.js";

export const TOOL_NAMES = ["search", "fetch"];

export function allNames(): string[] {
  return [...TOOL_NAMES, ...capabilityNames()];
}
