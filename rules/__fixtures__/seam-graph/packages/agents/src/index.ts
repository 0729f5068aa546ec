export { listWorkflows } from "./capabilities/workflows.js";
