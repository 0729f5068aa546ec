import { DEFAULT_SEAM } from "../lib/config/seam-section.js";
import rule from "./no-reverse-seam-import.js";
import { createRuleTester, fixturePath } from "./test-support/rule-tester.js";

const TOOLS = "packages/agents/src/tools";
const probe = fixturePath("seam-graph", `${TOOLS}/probe.ts`);
const target = (name: string) => `packages/agents/src/capabilities/${name}`;
const data = (specifier: string, file: string) => ({
  specifier,
  target: target(file),
  seam: "tools-capabilities",
  reason: DEFAULT_SEAM.reason,
});

createRuleTester().run("no-reverse-seam-import", rule, {
  valid: [
    {
      name: "import type is erased",
      filename: probe,
      code: 'import type { WorkflowSpec } from "../capabilities/workflows.js";',
    },
    {
      name: "all specifiers marked type",
      filename: probe,
      code: 'import { type WorkflowSpec } from "../capabilities/workflows.js";',
    },
    {
      name: "export type re-export",
      filename: probe,
      code: 'export type { WorkflowSpec } from "../capabilities/workflows.js";',
    },
    { name: "tools importing tools", filename: probe, code: 'import { Tool } from "./base-tool.js";' },
    {
      name: "capabilities importing tools (allowed direction)",
      filename: fixturePath("seam-graph", target("probe.ts")),
      code: 'import { Tool } from "../tools/base-tool.js";',
    },
    {
      name: "exception file (belt assembly)",
      filename: fixturePath("seam-graph", `${TOOLS}/mcp-tools.ts`),
      code: 'import { toolForCapabilityName } from "../capabilities/registry.js";',
    },
    {
      name: "workspace package root is neither side",
      filename: probe,
      code: 'import { listWorkflows } from "@fx/agents";',
    },
    { name: "external package", filename: probe, code: 'import { z } from "zod";' },
    {
      name: "file outside both sides",
      filename: fixturePath("seam-graph", "packages/agents/src/util/probe.ts"),
      code: 'import { listWorkflows } from "../capabilities/workflows.js";',
    },
    {
      name: "typeof import() is a type query",
      filename: probe,
      code: 'export type Registry = typeof import("../capabilities/registry.js");',
    },
  ],
  invalid: [
    {
      name: "value import with .js extension",
      filename: probe,
      code: 'import { listWorkflows } from "../capabilities/workflows.js";',
      errors: [{ messageId: "reverseImport", data: data("../capabilities/workflows.js", "workflows.ts"), line: 1 }],
    },
    {
      name: "default + type specifier is still a value import",
      filename: probe,
      code: 'import reg, { type WorkflowSpec } from "../capabilities/registry.js";',
      errors: [{ messageId: "reverseImport", data: data("../capabilities/registry.js", "registry.ts") }],
    },
    {
      name: "config alias path",
      filename: probe,
      code: 'import { toolForCapabilityName } from "@caps/registry.js";',
      errors: [{ messageId: "reverseImport", data: data("@caps/registry.js", "registry.ts") }],
    },
    {
      name: "workspace package subpath",
      filename: probe,
      code: 'import { listWorkflows } from "@fx/agents/src/capabilities/workflows.js";',
      errors: [{ messageId: "reverseImport", data: data("@fx/agents/src/capabilities/workflows.js", "workflows.ts") }],
    },
    {
      name: "named re-export",
      filename: probe,
      code: 'export { listWorkflows } from "../capabilities/workflows.js";',
      errors: [{ messageId: "reverseImport", data: data("../capabilities/workflows.js", "workflows.ts") }],
    },
    {
      name: "star re-export",
      filename: probe,
      code: 'export * from "../capabilities/workflows.js";',
      errors: [{ messageId: "reverseImport", data: data("../capabilities/workflows.js", "workflows.ts") }],
    },
    {
      name: "dynamic import",
      filename: probe,
      code: 'export const load = () => import("../capabilities/registry.js");',
      errors: [{ messageId: "reverseDynamicImport", data: data("../capabilities/registry.js", "registry.ts") }],
    },
    {
      name: "require",
      filename: probe,
      code: 'const reg = require("../capabilities/registry.js");\nexport { reg };',
      errors: [{ messageId: "reverseImport", data: data("../capabilities/registry.js", "registry.ts") }],
    },
    {
      name: "missing target file is still on the wrong side",
      filename: probe,
      code: 'import "../capabilities/not-written-yet.js";',
      errors: [{ messageId: "reverseImport", data: data("../capabilities/not-written-yet.js", "not-written-yet.ts") }],
    },
    {
      name: "allowTypeImports: false forbids import type",
      filename: probe,
      options: [{ allowTypeImports: false }],
      code: 'import type { WorkflowSpec } from "../capabilities/workflows.js";',
      errors: [{ messageId: "reverseTypeImport", data: data("../capabilities/workflows.js", "workflows.ts") }],
    },
    {
      name: "seam globs come from options",
      filename: fixturePath("seam-graph", "packages/agents/src/util/probe.ts"),
      options: [
        {
          seams: [
            {
              name: "util-capabilities",
              from: ["packages/*/src/util/**"],
              to: ["packages/*/src/capabilities/**"],
              reason: "util is a leaf",
            },
          ],
        },
      ],
      code: 'import { listWorkflows } from "../capabilities/workflows.js";',
      errors: [
        {
          messageId: "reverseImport",
          data: {
            specifier: "../capabilities/workflows.js",
            target: target("workflows.ts"),
            seam: "util-capabilities",
            reason: "util is a leaf",
          },
        },
      ],
    },
  ],
});
