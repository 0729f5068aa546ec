import { listWorkflowsSpec } from "./workflows.specs.js";
export const listWorkflows = { spec: listWorkflowsSpec, impl: async () => [] };
