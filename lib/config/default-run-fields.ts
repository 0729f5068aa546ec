/**
 * NodeTool's constructor dependencies and the CapabilityRun fields that replace them: the one
 * default list, read by the inventory (`classify.runFields`) and by migrate (`codemods.runFields`).
 * A parameter not listed gets a run field named after it (codemods/run-fields.ts), so only
 * names whose field differs from the parameter, or that NodeTool uses, belong here.
 */
export const DEFAULT_RUN_FIELDS: Readonly<Record<string, string>> = {
  providers: "providers",
  registry: "nodeRegistry",
  nodeRegistry: "nodeRegistry",
  collection: "vectorCollection",
  vectorCollection: "vectorCollection",
  examples: "examples",
  catalog: "examples",
  exampleCatalog: "examples",
  subAgent: "subAgent",
  client: "client",
  loaders: "loaders",
  exportDsl: "exportDsl",
};
