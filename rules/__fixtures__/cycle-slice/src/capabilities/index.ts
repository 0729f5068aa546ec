import { TOOL_NAMES } from "../tools/registry.js";

export function capabilityNames(): string[] {
  return TOOL_NAMES.map((name) => `cap_${name}`);
}
