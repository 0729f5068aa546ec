import rule from "./require-capability-category.js";
import { createRuleTester, fixturePath, onDisk } from "./test-support/rule-tester.js";

const C = "packages/agents/src/capabilities";
const spec = fixturePath("specs", `${C}/probe.specs.ts`);
const impl = fixturePath("specs", `${C}/probe.ts`);
const allowed = "read | write | execute | external";

createRuleTester().run("require-capability-category", rule, {
  valid: [
    { name: "spec file with categories", ...onDisk("specs", `${C}/workflows.specs.ts`) },
    { name: "another spec file", ...onDisk("specs", `${C}/jobs.specs.ts`) },
    {
      name: "as const literal",
      filename: spec,
      code: 'export const s = { name: "a", inputSchema: {}, category: "write" as const };',
    },
    {
      name: "not spec-shaped (no inputSchema)",
      filename: spec,
      code: 'export const example = { name: "a", description: "b" };',
    },
    {
      name: "spec-shaped object outside a spec file",
      filename: impl,
      code: 'export const s = { name: "a", inputSchema: {} };',
    },
    {
      name: "spread may supply the category",
      filename: spec,
      code: 'const base = { category: "read" };\nexport const s = { ...base, name: "a", inputSchema: {} };',
    },
    {
      name: "typed spec with a category",
      filename: impl,
      code: 'const s: CapabilitySpec = { name: "a", description: "", inputSchema: {}, category: "external" };',
    },
    {
      name: "custom categories option",
      filename: spec,
      options: [{ specs: { categories: ["read", "admin"] } }],
      code: 'export const s = { name: "a", inputSchema: {}, category: "admin" };',
    },
  ],
  invalid: [
    {
      name: "spec-shaped object in a spec file without category",
      filename: spec,
      code: 'export const s = { name: "list_jobs", description: "", inputSchema: {} };',
      errors: [{ messageId: "missingCategory", data: { name: "list_jobs", allowed }, line: 1 }],
    },
    {
      name: "unknown category",
      filename: spec,
      code: 'export const s = { name: "delete_job", inputSchema: {}, category: "destructive" };',
      errors: [{ messageId: "invalidCategory", data: { name: "delete_job", value: "destructive", allowed } }],
    },
    {
      name: "computed category",
      filename: spec,
      code: 'const c = "read";\nexport const s = { name: "get_job", inputSchema: {}, category: c };',
      errors: [{ messageId: "nonLiteralCategory", data: { name: "get_job", allowed }, line: 2 }],
    },
    {
      name: "typed spec anywhere (annotation)",
      filename: impl,
      code: 'const s: CapabilitySpec = { name: "a", description: "", inputSchema: {} };',
      errors: [{ messageId: "missingCategory", data: { name: "a", allowed } }],
    },
    {
      name: "satisfies and array of specs",
      filename: impl,
      code: 'export const all = [{ name: "a", inputSchema: {} }, { name: "b", inputSchema: {}, category: "read" }] satisfies readonly CapabilitySpec[];',
      errors: [{ messageId: "missingCategory", data: { name: "a", allowed } }],
    },
    {
      name: "annotated array",
      filename: impl,
      code: 'const all: Array<runtime.CapabilitySpec> = [{ name: "x", inputSchema: {}, category: "Read" }];',
      errors: [{ messageId: "invalidCategory", data: { name: "x", value: "Read", allowed } }],
    },
  ],
});
