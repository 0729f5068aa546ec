/**
 * Every codemod fixture's output type-checks with no error its input did not already have:
 * a rewrite may not break types. Each tree is checked in process with TypeScript (strict,
 * bundler resolution, `capkit/runtime` mapped to the runtime's sources and `zod` to capkit's
 * install); the input's errors are the baseline, compared per file and code without line
 * numbers, so a partial fixture tree's missing modules are not counted against the codemod.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { newErrors } from "./runner/index.js";
import { discoverFixtureCases, readDirFiles } from "./test-support/index.js";

const CODEMODS = ["tool-class-to-capability", "tool-construction-to-name", "gate-tools-to-capabilities"];
const require = createRequire(import.meta.url);
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
  paths: {
    "capkit/runtime": [join(import.meta.dirname, "..", "runtime", "index.ts")],
    zod: [join(dirname(require.resolve("zod/package.json")), "index.d.ts")],
  },
};

// Library and runtime files parse once for every tree.
const shared = new Map<string, ts.SourceFile>();
const baseHost = ts.createCompilerHost(OPTIONS);

function errorsOf(root: string, files: Map<string, string>): string[] {
  const abs = new Map([...files].map(([rel, text]) => [join(root, rel), text]));
  const host: ts.CompilerHost = {
    ...baseHost,
    fileExists: (f) => abs.has(f) || (!f.startsWith(root) && baseHost.fileExists(f)),
    directoryExists: (d) =>
      [...abs.keys()].some((f) => f.startsWith(`${d}/`)) ||
      (!d.startsWith(root) && (baseHost.directoryExists?.(d) ?? true)),
    realpath: (f) => f,
    readFile: (f) => abs.get(f) ?? (f.startsWith(root) ? undefined : baseHost.readFile(f)),
    getSourceFile: (f, lang) => {
      const text = abs.get(f);
      if (text !== undefined) return ts.createSourceFile(f, text, lang, true);
      if (f.startsWith(root)) return undefined;
      let sf = shared.get(f);
      if (!sf) {
        sf = baseHost.getSourceFile(f, lang);
        if (sf) shared.set(f, sf);
      }
      return sf;
    },
  };
  const roots = [...abs.keys()].filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
  const program = ts.createProgram(roots, OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const name = d.file?.fileName;
    const file = !name ? "(options)" : name.startsWith(root) ? name.slice(root.length + 1) : name;
    return `${file}: TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}

describe("codemod fixture outputs type-check", () => {
  it("the check is not vacuous: it resolves capkit/runtime and sees an error a rewrite would add", () => {
    const [first] = discoverFixtureCases(join(import.meta.dirname, "tool-class-to-capability", "__testfixtures__"));
    if (!first) throw new Error("no tool-class-to-capability fixture case");
    const root = join("/capkit-fixture", "sanity");
    const output = readDirFiles(first.outputDir);
    const clean = errorsOf(root, output);
    expect(clean.filter((e) => /capkit\/runtime/.test(e))).toEqual([]);
    const [file, text] = [...output].find(([f, t]) => f.endsWith(".ts") && t.includes("capkit/runtime")) ?? [];
    if (!file || text === undefined) throw new Error("no output file imports capkit/runtime");
    const broken = new Map(output).set(file, `${text}\nexport const wrong: number = "not a number";\n`);
    expect(newErrors(clean, errorsOf(root, broken))).toEqual([
      `${file}: TS2322: Type 'string' is not assignable to type 'number'.`,
    ]);
  });

  for (const codemod of CODEMODS) {
    const cases = discoverFixtureCases(join(import.meta.dirname, codemod, "__testfixtures__"));
    it(`${codemod} has fixture cases`, () => expect(cases.length).toBeGreaterThan(0));
    for (const c of cases) {
      it(`${codemod}/${c.name}: no type error the input did not have`, () => {
        const root = join("/capkit-fixture", codemod, c.name);
        const before = errorsOf(root, readDirFiles(c.inputDir));
        const after = errorsOf(root, readDirFiles(c.outputDir));
        expect(newErrors(before, after)).toEqual([]);
      });
    }
  }
});
