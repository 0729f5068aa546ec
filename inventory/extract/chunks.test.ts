import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { statementChunks } from "./chunks.js";
import { extractFileFacts } from "./extract-file-facts.js";

const REPO = join(import.meta.dirname, "..", "..");
const WHOLE = { chunkChars: Number.POSITIVE_INFINITY };
/** Cut at every place the splitter may cut. */
const FINEST = { chunkChars: 1 };

describe("statementChunks", () => {
  it("cuts only before a column-0 declaration after a line ending in ; or }, keeping every character", () => {
    const text =
      'import { A } from "./a.js";\n\nexport class B extends A {\n  x = 1;\n}\nconst t = `\nexport class C {}\n`;\n';
    const chunks = statementChunks(text, 1) ?? [];
    expect(chunks.map((c) => c.text.split("\n")[0])).toEqual([
      'import { A } from "./a.js";',
      "export class B extends A {",
      "const t = `",
    ]);
    expect(chunks.map((c) => c.text).join("")).toBe(text);
    expect(chunks.map((c) => c.lineBase)).toEqual([0, 2, 5]);
  });

  it("leaves a file no bigger than the size alone", () => {
    expect(statementChunks("export class A {}\nexport class B {}\n", 1000)).toBeNull();
  });
});

describe("extractFileFacts on a file parsed in statement chunks", () => {
  const files = fg.sync(["fixtures/nodetool-mini/packages/**/*.ts", "inventory/__fixtures__/**/*.ts"], {
    cwd: REPO,
    ignore: ["**/node_modules/**"],
  });

  it("finds the facts of the whole-file parse, line for line, in every fixture file", () => {
    expect(files.length).toBeGreaterThan(20);
    let cut = 0;
    for (const file of files) {
      const text = readFileSync(join(REPO, file), "utf8");
      if (statementChunks(text, 1)) cut++;
      for (const mask of [true, false])
        expect(extractFileFacts(file, text, { ...FINEST, mask }), file).toEqual(
          extractFileFacts(file, text, { ...WHOLE, mask }),
        );
    }
    expect(cut).toBeGreaterThan(10);
  });

  it("finds the same facts in a generated file of many classes, constructions and a lazy-cache guard across a cut", () => {
    const parts = ['import { Tool } from "./base-tool.js";\n'];
    for (let i = 0; i < 300; i++)
      parts.push(
        `\nexport class Gen${i}Tool extends Tool {\n  readonly name = "gen_${i}";\n  private c?: Map<string, number>;\n  get cache() {\n    if (!this.c) this.c = new Map();\n    return this.c;\n  }\n}\n`,
      );
    parts.push(
      `\nexport function getBuiltinTools() {\n  return [${Array.from({ length: 300 }, (_, i) => `new Gen${i}Tool()`).join(", ")}];\n}\n`,
    );
    const text = parts.join("");
    const whole = extractFileFacts("packages/a/src/many-tools.ts", text, WHOLE);
    expect(whole.classes).toHaveLength(300);
    expect(extractFileFacts("packages/a/src/many-tools.ts", text, FINEST)).toEqual(whole);
    expect(extractFileFacts("packages/a/src/many-tools.ts", text, { chunkChars: 4096 })).toEqual(whole);
  });

  it("falls back to the whole file, errors and all, when a chunk does not parse", () => {
    const text = "export class A {}\nconst s = `\nexport class B {}\n`;\nexport const c = ;\n";
    expect(extractFileFacts("a.ts", text, FINEST)).toEqual(extractFileFacts("a.ts", text, WHOLE));
    expect(extractFileFacts("a.ts", text, FINEST).parseErrors.length).toBeGreaterThan(0);
  });
});
