import { BASE } from "@fx/base";
export interface WorkflowSpec { name: string }
export function listWorkflows(): string[] { return [String(BASE)]; }
