import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { makeGate } from "./byte-gate.js";
import { bufferHints, bufferWantedInPhase2, textHints } from "./prefilter.js";

const REPO = join(import.meta.dirname, "..", "..");
const BELT = ["getBuiltinTools", "getAllMcpTools"];
const gate = makeGate(["Tool"], BELT);

/** What the byte gate says, in the terms of the older per-question checks in prefilter.ts. */
function agrees(text: string, classNames: ReadonlySet<string>): void {
  const buf = Buffer.from(text);
  const g = gate(buf);
  const empty = textHints("");
  if (!g.hinted)
    expect(
      bufferHints(buf, () => text),
      text,
    ).toEqual(empty);
  expect(g.declaresBase, text).toBe(/\bclass\s+(?:Tool)\b/.test(text));
  const viaGate = g.mentionsBelt || g.newTargets.some((t) => classNames.has(t));
  expect(viaGate, text).toBe(bufferWantedInPhase2(buf, classNames, BELT));
}

describe("the one-pass byte gate", () => {
  it("answers like the per-question checks on tricky snippets", () => {
    const names = new Set(["XTool", "Tool"]);
    const snippets = [
      "const t = new XTool();",
      "const t = new core . XTool(a);",
      "const t = new\n\tcore.\n  XTool;",
      "const t = new XToolbox(); renew XTool; $new XTool; new Map(); new Date(0);",
      "const t = new XTool.inner();",
      "const t = new a.(b);",
      "return [...getBuiltinTools()];",
      "const x = new getAllMcpTools();",
      "export * from './a.js';",
      "export{ A };",
      "export type { A } from './a.js';",
      "export\n*\nfrom './a.js';",
      "class A extends Tool {}",
      "class  Tool {}",
      "class Tooling {}",
      "$class Tool {}",
      "$export * from './x.js';",
      "_export * from './x.js';",
      "// nothing here at all",
      "const s = 'héllo wörld'; new XTool();",
      "new XTool",
      "export{A}",
      "extends",
      "xtends export const a = 1; xport * ex port {",
      "class Tool",
      "class Tool$ {} class ToolX {} class\tTool",
      "newline renewXTool news XTool\nnew\rXTool",
      "anew XTool; _new XTool; new\u00a0XTool",
      "getBuiltinTool getAllMcpTool Tools",
      "export\t* from './a.js'; type { A }",
    ];
    for (const s of snippets) agrees(s, names);
  });

  it("answers the same whether the names share a byte to sweep for or not", () => {
    const texts = [
      "class Tool {} buildBelt(); mkAll();",
      "class\u00a0Tool$ {} xbuildBeltx",
      "export class Tooling {} // class Tool",
      "$class  Tool mkAl lmkAll",
      "class Tool",
      "Tool class Tool",
      "nothing",
    ];
    // Belt names that share a part ("buildBelt", "mkAll": "l") and ones that share nothing with the base ("ab").
    for (const belt of [["buildBelt", "mkAll"], ["ab"]]) {
      const g = makeGate(["Tool"], belt);
      for (const text of texts) {
        const buf = Buffer.from(text, "latin1");
        expect(g(buf).declaresBase, text).toBe(/\bclass\s+(?:Tool)\b/.test(text));
        expect(g(buf).mentionsBelt, text).toBe(belt.some((n) => text.includes(n)));
      }
    }
  });

  it("flags a base name passed as an argument (a mixin bound to a variable), which makes the file hinted, with or without a shared byte", () => {
    const texts: [string, boolean][] = [
      ["export const R = WithRetry(Tool);", true],
      ["const R = Mix(opts,\n  Tool );", true],
      ["const R = Mix(Tools);", false],
      ["const R = Mix(core.Tool, mixins . Tool);", true],
      ["const R = Mix(...Tool);", false],
      ["const R = Mix(Tool_, 2Tool);", false],
      ["const R = Tool(x);", false],
      // A subclass named after the base (the NodeTool convention).
      ["export const R = WithRetry(HttpTool);", true],
      // Import and export lists and arrays are not calls.
      ['import { Base, HttpTool } from "./tools";', false],
      ["export { A, Tool };", false],
      ["const all = [a, Tool];", false],
      ["const R = WithOptions({ retries: [1, 2] }, Tool);", true],
      ["export const R = WithRetry(agents.$HttpTool);", true],
      ["const R = Mix(Tool as typeof Base);", true],
      // A property of the name, or a call of it, is not the class passed on.
      ["if (has(this.children, Tool.id)) register(Tool.create());", false],
      ["const R = Mix(opts, Tool\n  .id);", false],
    ];
    for (const belt of [BELT, ["ab"]]) {
      const g = makeGate(["Tool"], belt);
      for (const [text, flagged] of texts) {
        const answer = g(Buffer.from(text, "latin1"));
        expect(answer.baseArgument, `${text} ${belt.join(",")}`).toBe(flagged);
        if (flagged) expect(answer.hinted, text).toBe(true);
      }
    }
  });

  it("finds the base names at a buffer's start and end and next to other names, with two base names", () => {
    const g = makeGate(["Tool", "ToolBase"], ["getBuiltinTools"]);
    const cases: [string, boolean, boolean][] = [
      ["class Tool", true, false],
      ["Tool", false, false],
      ["class ToolBase {} // getBuiltinTools", true, true],
      ["class Tooling {} getBuiltinTool", false, false],
      ["/* class Tool */ 'getBuiltinTools'", true, true],
      ["Mix(ToolBase)", false, false],
    ];
    for (const [text, declares, belt] of cases) {
      const answer = g(Buffer.from(text, "latin1"));
      expect(answer.declaresBase, text).toBe(declares);
      expect(answer.mentionsBelt, text).toBe(belt);
    }
    expect(g(Buffer.from("Mix(ToolBase)", "latin1")).baseArgument).toBe(true);
    expect(g(Buffer.from("Mix(opts, Tool)", "latin1")).idents).toEqual(["Tool"]);
  });

  it("leaves built-in constructions out of newTargets but keeps the rest", () => {
    expect(
      gate(Buffer.from("new Map(); new Set<string>(); new Map.Inner(); new Foo.Bar(); new Baz")).newTargets,
    ).toEqual(["Inner", "Bar", "Baz"]);
  });

  it("agrees with the per-question checks on every fixture file", async () => {
    const files = await fg(["inventory/__fixtures__/**/*.ts", "fixtures/nodetool-mini/**/*.ts"], {
      cwd: REPO,
      ignore: ["**/node_modules/**"],
    });
    expect(files.length).toBeGreaterThan(50);
    const names = new Set(["Tool", "ListWorkflowsTool", "SubmitGraphTool", "FineTool", "GatedTool"]);
    for (const f of files) agrees(readFileSync(join(REPO, f), "utf8"), names);
  });
});
