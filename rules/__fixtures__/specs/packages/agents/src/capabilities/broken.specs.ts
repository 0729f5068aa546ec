// A spec file that breaks both spec rules (used by the fast-path equivalence test).
import { listWorkflows } from "./workflows.js";
import { readFileSync } from "node:fs";

export const brokenSpec = { name: "broken", description: String(listWorkflows), inputSchema: {}, category: "admin" };
export const uncategorised = { name: "uncategorised", inputSchema: { path: readFileSync.name } };
