import { describe, expect, it } from "vitest";
import { mergeImports } from "./imports.js";
import { createMorphProject, parseText } from "./morph.js";

describe("mergeImports: the import plan on ts-morph's tree, in the generated style", () => {
  it("adds what a ts-morph file lacks and leaves what it has, every other byte as it was", () => {
    const text = `// header\nimport type { CapabilitySpec } from "capkit/runtime";\n\nexport const specs: CapabilitySpec[] = [];\n`;
    const sf = parseText(createMorphProject(), "capabilities/x.specs.ts", text);
    const out = mergeImports(sf, [
      { specifier: "capkit/runtime", imported: "CapabilitySpec", local: "CapabilitySpec", typeOnly: true },
      { specifier: "capkit/runtime", imported: "CapabilityModule", local: "CapabilityModule", typeOnly: true },
      { specifier: "zod", imported: "z", local: "z", typeOnly: false },
      { specifier: "../tools/util.js", imported: "*", local: "util", typeOnly: false },
    ]);
    expect(out).toBe(
      `// header\nimport type { CapabilitySpec, CapabilityModule } from "capkit/runtime";\n` +
        `import * as util from "../tools/util.js";\nimport { z } from "zod";\n\nexport const specs: CapabilitySpec[] = [];\n`,
    );
  });

  it("a value need of a name a previous run imported type-only becomes one value import, not a second binding", () => {
    const text = `import type { CapabilityModule } from "capkit/runtime";\nimport type { Ctx } from "../context.js";\n\nexport const x = 1;\n`;
    const sf = parseText(createMorphProject(), "capabilities/x.ts", text);
    const out = mergeImports(sf, [
      { specifier: "../context.js", imported: "Ctx", local: "Ctx", typeOnly: true },
      { specifier: "../context.js", imported: "Ctx", local: "Ctx", typeOnly: false },
    ]);
    expect(out).toBe(
      `import type { CapabilityModule } from "capkit/runtime";\nimport { Ctx } from "../context.js";\n\nexport const x = 1;\n`,
    );
  });
});
