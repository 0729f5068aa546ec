// Entry of the bundled backend: loads the gate lazily, the way the registry loads modules.
const { gateTools } = await import("./tools/tool-permissions.js");
console.log(`ready: ${gateTools(["list_workflows", "run_job"]).join(", ")}`);
