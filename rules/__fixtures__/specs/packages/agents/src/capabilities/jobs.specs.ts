import { JOB_ID } from "./jobs.schema.js";
import { listWorkflowsSpec } from "./workflows.specs.js";
export const runJobSpec = { name: "run_job", description: "Run a job", inputSchema: { type: "object", properties: { id: JOB_ID } }, category: "execute" };
export const related = [listWorkflowsSpec];
