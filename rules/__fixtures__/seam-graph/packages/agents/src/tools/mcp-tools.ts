// Belt assembly: an exception to the direction rule (see capkit.config.json).
import { toolForCapabilityName } from "../capabilities/registry.js";
export function getAllMcpTools(): string[] { return [toolForCapabilityName("list_workflows")]; }
