/**
 * The module and specs writers parse the file they add to (a skeleton, or an earlier run's
 * file) and splice text into it: the generated code they add, as big as the classes it came
 * from, is never parsed again. What the project holds after a write shows what was parsed.
 */
import { describe, expect, it } from "vitest";
import { writeModuleFile } from "./module-file.js";
import { createMorphProject } from "./morph.js";
import { writeSpecsFile } from "./specs-file.js";

const MODULE = "capabilities/mail.ts";
const SPECS = "capabilities/mail.specs.ts";
const helper = (i: number) => `function helper${i}(x: number): number {\n  return x + ${i};\n}`;

describe("generated files: the added code is spliced, not parsed", () => {
  it("writeModuleFile parses only the skeleton, and the imports go on top as before", () => {
    const project = createMorphProject();
    const out = writeModuleFile(project, MODULE, null, "mail", "capkit/runtime", {
      imports: [{ specifier: "../tools/util.js", imported: "util", local: "util", typeOnly: false }],
      statements: [helper(1), helper(2)],
      entries: ['    { spec: aSpec, impl: async (run, args) => requireRunField(run.x, "x", "a") },'],
      contextType: null,
    });
    const parsed = project.getSourceFileOrThrow(`/${MODULE}`).getFullText();
    expect(parsed).not.toContain("helper1");
    expect(out.indexOf('import { util } from "../tools/util.js";')).toBeLessThan(out.indexOf("function helper1"));
    expect(out.indexOf("function helper2")).toBeLessThan(out.indexOf("function requireRunField"));
    expect(out.indexOf("function requireRunField")).toBeLessThan(out.indexOf("export const module"));
    expect(out).toContain("aSpec, impl");
  });

  it("writeSpecsFile parses only the skeleton", () => {
    const project = createMorphProject();
    const out = writeSpecsFile(project, SPECS, null, "mail", "capkit/runtime", {
      imports: [{ specifier: "../tools/limits.js", imported: "MAX", local: "MAX", typeOnly: false }],
      statements: ["const LIMIT = MAX;"],
      specs: [{ specVar: "aSpec", text: 'export const aSpec = { name: "a", limit: LIMIT };' }],
      usesZodHelper: false,
    });
    expect(project.getSourceFileOrThrow(`/${SPECS}`).getFullText()).not.toContain("aSpec");
    expect(out.indexOf('import { MAX } from "../tools/limits.js";')).toBeLessThan(out.indexOf("const LIMIT"));
    expect(out).toContain("  aSpec,\n];");
  });

  it("an earlier run's file whose imports come after its anchor is still merged over the whole text", () => {
    const existing =
      'import type { CapabilityModule } from "capkit/runtime";\n\nexport const module: CapabilityModule = {\n  module: "mail",\n  exports: [\n  ],\n};\nimport { late } from "./late.js";\n';
    const out = writeModuleFile(createMorphProject(), MODULE, existing, "mail", "capkit/runtime", {
      imports: [{ specifier: "./late.js", imported: "other", local: "other", typeOnly: false }],
      statements: [],
      entries: ["    { spec: aSpec, impl: async () => other },"],
      contextType: null,
    });
    expect(out).toContain('import { late, other } from "./late.js";');
  });
});
