import { describe, expect, it } from "vitest";
import type { ImportNeed } from "./imports.js";
import { ImportPlan } from "./import-plan.js";
import { ImportStyle } from "./import-style.js";
import { parseSource } from "./parse.js";
import { applyEdits } from "./splice.js";

/** `text` after `build` ran on a plan over it (the file's own style unless `style` is given). */
function planned(text: string, build: (plan: ImportPlan) => void, style?: ImportStyle): string {
  const { ts, sourceFile } = parseSource("f.ts", text);
  const plan = new ImportPlan(ts, sourceFile, style);
  build(plan);
  return applyEdits("f.ts", text, plan.edits());
}

const need = (specifier: string, imported: string, local = imported, typeOnly = false): ImportNeed => ({
  specifier,
  imported,
  local,
  typeOnly,
});

describe("ImportPlan: default, named, namespace and type-only needs", () => {
  it("writes each kind on new lines after the last import, types apart from values", () => {
    const text = `import { a } from "./a.js";\n\nexport const x = 1;\n`;
    const out = planned(text, (plan) => {
      plan.add(need("zod", "z"));
      plan.add(need("./lib.js", "default", "lib"));
      plan.add(need("./lib.js", "helper"));
      plan.add(need("./lib.js", "Shape", "Shape", true));
      plan.add(need("node:path", "*", "path"));
    });
    expect(out).toBe(
      [
        `import { a } from "./a.js";`,
        `import { z } from "zod";`,
        `import type { Shape } from "./lib.js";`,
        `import lib, { helper } from "./lib.js";`,
        `import * as path from "node:path";`,
        ``,
        `export const x = 1;`,
        ``,
      ].join("\n"),
    );
  });

  it("merges a name into an import of the same module and kind, never a type into a value list", () => {
    const text = `import type { A } from "./m.js";\nimport { b } from "./m.js";\n`;
    const out = planned(text, (plan) => {
      plan.add(need("./m.js", "C", "C", true));
      plan.add(need("./m.js", "d"));
    });
    expect(out).toBe(`import type { A, C } from "./m.js";\nimport { b, d } from "./m.js";\n`);
  });

  it("keeps a list laid out one name a line that way, trailing comma and all", () => {
    const text = `import {\n  a,\n  b,\n} from "./m.js";\n`;
    expect(planned(text, (plan) => plan.add(need("./m.js", "c")))).toBe(
      `import {\n  a,\n  b,\n  c,\n} from "./m.js";\n`,
    );
  });

  it("puts the first import of a file without any before its first statement, after the header comment", () => {
    const text = `/** Header. */\nexport const x = 1;\n`;
    expect(planned(text, (plan) => plan.add(need("./m.js", "y")))).toBe(
      `/** Header. */\nimport { y } from "./m.js";\n\nexport const x = 1;\n`,
    );
  });
});

describe("ImportPlan: a name already in scope", () => {
  it("adds nothing for a binding the file already imports, by any kind of import", () => {
    const text = `import lib, { helper as h } from "./lib.js";\nimport * as path from "node:path";\nimport type { T } from "./t.js";\n`;
    const out = planned(text, (plan) => {
      plan.add(need("./lib.js", "default", "lib"));
      plan.add(need("./lib.js", "helper", "h"));
      plan.add(need("node:path", "*", "path"));
      plan.add(need("./t.js", "T", "T", true));
      expect(plan.need("./lib.js", "helper")).toBe("h");
      expect(plan.hasAdditions).toBe(false);
    });
    expect(out).toBe(text);
  });

  it("imports a value once however often it is needed, and once as a value when needed as both", () => {
    const out = planned(`import { a } from "./a.js";\n`, (plan) => {
      plan.add(need("./m.js", "X", "X", true));
      plan.add(need("./m.js", "X"));
      plan.add(need("./m.js", "X", "X", true));
      expect(plan.need("./m.js", "X")).toBe("X");
    });
    expect(out).toBe(`import { a } from "./a.js";\nimport { X } from "./m.js";\n`);
  });
});

describe("ImportPlan: a local name the file already uses", () => {
  it("aliases the import, numbering past aliases that are taken too", () => {
    const text = `import { registry } from "./old.js";\nconst capabilityRegistry = registry;\n`;
    let local = "";
    let second = "";
    const out = planned(text, (plan) => {
      local = plan.need("./capabilities/registry.js", "registry", "capabilityRegistry");
      second = plan.need("./other.js", "registry", "capabilityRegistry");
    });
    expect([local, second]).toEqual(["capabilityRegistry2", "capabilityRegistry3"]);
    expect(out).toBe(
      `import { registry } from "./old.js";\n` +
        `import { registry as capabilityRegistry2 } from "./capabilities/registry.js";\n` +
        `import { registry as capabilityRegistry3 } from "./other.js";\n` +
        `const capabilityRegistry = registry;\n`,
    );
  });
});

describe("ImportStyle", () => {
  it("copies the file's quotes, semicolons and line ending, and keeps the order names were needed in", () => {
    const text = `import { a } from './a.js'\r\n\r\nexport const x = a\r\n`;
    const out = planned(text, (plan) => {
      plan.add(need("./z.js", "z"));
      plan.add(need("./b.js", "y"));
      plan.add(need("./b.js", "c"));
    });
    expect(out).toBe(
      `import { a } from './a.js'\r\nimport { z } from './z.js'\r\nimport { y, c } from './b.js'\r\n\r\nexport const x = a\r\n`,
    );
  });

  it("takes the style from the import new lines go after, not from one being removed", () => {
    const text = `import { keep } from "./keep.js";\nimport { gone } from './gone.js'\n`;
    const { ts, sourceFile } = parseSource("f.ts", text);
    const plan = new ImportPlan(ts, sourceFile);
    const gone = sourceFile.statements[1];
    if (!gone || !ts.isImportDeclaration(gone)) throw new Error("fixture: no second import");
    const bindings = gone.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) throw new Error("fixture: no named imports");
    plan.remove(bindings.elements[0] as (typeof bindings.elements)[number]);
    plan.add(need("./new.js", "fresh"));
    expect(applyEdits("f.ts", text, plan.edits())).toBe(
      `import { keep } from "./keep.js";\nimport { fresh } from "./new.js";\n`,
    );
  });

  it("writes generated code one fixed way whatever the file does: double quotes, semicolons, sorted", () => {
    const text = `import { a } from './a.js'\n\nexport const x = a\n`;
    const out = planned(
      text,
      (plan) => {
        plan.add(need("./z.js", "z"));
        plan.add(need("./b.js", "y"));
        plan.add(need("./b.js", "c"));
        plan.add(need("./a.js", "m"));
        plan.add(need("./a.js", "e"));
      },
      ImportStyle.generated(),
    );
    expect(out).toBe(
      `import { a, e, m } from './a.js'\nimport { c, y } from "./b.js";\nimport { z } from "./z.js";\n\nexport const x = a\n`,
    );
  });
});

describe("ImportPlan: a value need of a name the file imports type-only", () => {
  it("turns the type-only import into a value import instead of importing the name twice", () => {
    const text = `import type { Ctx } from "./ctx.js";\nimport { a } from "./a.js";\n\nexport const x = a;\n`;
    expect(planned(text, (plan) => plan.add(need("./ctx.js", "Ctx")))).toBe(
      `import { a } from "./a.js";\nimport { Ctx } from "./ctx.js";\n\nexport const x = a;\n`,
    );
  });

  it("takes the name out of a type-only list that keeps other names, and merges it into the module's value list", () => {
    const text = `import type { Ctx, Other } from "./ctx.js";\nimport { make } from "./ctx.js";\n`;
    expect(planned(text, (plan) => plan.add(need("./ctx.js", "Ctx")))).toBe(
      `import type { Other } from "./ctx.js";\nimport { make, Ctx } from "./ctx.js";\n`,
    );
  });

  it("drops the inline `type` of `{ type Ctx }` rather than adding a second Ctx", () => {
    const text = `import { type Ctx, make } from "./ctx.js";\n`;
    expect(planned(text, (plan) => plan.add(need("./ctx.js", "Ctx")))).toBe(`import { make, Ctx } from "./ctx.js";\n`);
  });

  it("need() reuses the type-only binding's name as a value, not an alias Ctx2", () => {
    const text = `import type { Ctx } from "./ctx.js";\n\nlet c: Ctx;\n`;
    let local = "";
    const out = planned(text, (plan) => {
      local = plan.need("./ctx.js", "Ctx");
    });
    expect(local).toBe("Ctx");
    expect(out).toBe(`import { Ctx } from "./ctx.js";\n\nlet c: Ctx;\n`);
  });
});
