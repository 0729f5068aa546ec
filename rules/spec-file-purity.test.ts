import rule from "./spec-file-purity.js";
import { createRuleTester, fixturePath, onDisk } from "./test-support/rule-tester.js";

const C = "packages/agents/src/capabilities";
const spec = fixturePath("specs", `${C}/probe.specs.ts`);
const data = (specifier: string, target: string) => ({ specifier, target });

createRuleTester().run("spec-file-purity", rule, {
  valid: [
    { name: "zod, a type import and a schema folder", ...onDisk("specs", `${C}/workflows.specs.ts`) },
    { name: "a *.schema.ts module and another spec file", ...onDisk("specs", `${C}/jobs.specs.ts`) },
    {
      name: "import type from an implementation",
      filename: spec,
      code: 'import type { listWorkflows } from "./workflows.js";',
    },
    { name: "type specifiers only", filename: spec, code: 'import { type listWorkflows } from "./workflows.js";' },
    { name: "zod subpath", filename: spec, code: 'import { z } from "zod/v4";' },
    {
      name: "not a spec file",
      filename: fixturePath("specs", `${C}/workflows-impl.ts`),
      code: 'import { listWorkflows } from "./workflows.js";',
    },
    {
      name: "allowedPackages option",
      filename: spec,
      options: [{ specs: { allowedPackages: ["zod", "@sinclair/typebox"] } }],
      code: 'import { Type } from "@sinclair/typebox";',
    },
  ],
  invalid: [
    {
      name: "value import of an implementation module",
      filename: spec,
      code: 'import { listWorkflows } from "./workflows.js";',
      errors: [{ messageId: "implementationImport", data: data("./workflows.js", `${C}/workflows.ts`), line: 1 }],
    },
    {
      name: "re-export of an implementation",
      filename: spec,
      code: 'export { listWorkflows } from "./workflows.js";',
      errors: [{ messageId: "implementationImport", data: data("./workflows.js", `${C}/workflows.ts`) }],
    },
    {
      name: "package outside the allowed list",
      filename: spec,
      code: 'import { readFileSync } from "node:fs";',
      errors: [{ messageId: "packageImport", data: data("node:fs", "node:fs") }],
    },
    {
      name: "dynamic import",
      filename: spec,
      code: 'export const load = () => import("./schemas/paging.js");',
      errors: [{ messageId: "runtimeLoad", data: data("./schemas/paging.js", `${C}/schemas/paging.ts`) }],
    },
    {
      name: "require",
      filename: spec,
      code: 'export const paging = require("./schemas/paging.js");',
      errors: [{ messageId: "runtimeLoad", data: data("./schemas/paging.js", `${C}/schemas/paging.ts`) }],
    },
    {
      name: "side-effect import of an implementation",
      filename: spec,
      code: 'import "./workflows.js";',
      errors: [{ messageId: "implementationImport", data: data("./workflows.js", `${C}/workflows.ts`) }],
    },
  ],
});
