import { listWorkflows } from "./workflows.js";
export function toolForCapabilityName(name: string): string { return `${name}:${listWorkflows().length}`; }
