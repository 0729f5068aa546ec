import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { extractFileFacts } from "./extract-file-facts.js";
import { memberRuns } from "./member-runs.js";

const REPO = join(import.meta.dirname, "..", "..");
const WHOLE = { chunkChars: Number.POSITIVE_INFINITY };
const FINEST = { chunkChars: 1 };
const HUGE = "inventory/__fixtures__/split-class/packages/agents/src/tools/huge-tool.ts";

describe("memberRuns", () => {
  it("cuts a class body only at line starts between members, never inside strings, comments or templates", () => {
    const text = readFileSync(join(REPO, HUGE), "utf8");
    const runs = memberRuns(text, 1);
    expect(runs?.name).toBe("HugeTool");
    const firstLines = (runs?.cuts ?? []).map((c) => text.slice(c, text.indexOf("\n", c)).trim());
    expect(firstLines).toContain('@track("member")');
    expect(firstLines).toContain("async process(_ctx: unknown, params: Record<string, unknown>): Promise<unknown> {");
    expect(firstLines).toContain('"quoted-name"() {');
    for (const line of firstLines) {
      expect(line).not.toMatch(/^(?:fake|export class NotAClass|x = 1|\[|\}|\))/);
    }
    // `["computed"]()` could continue the member before it: never cut before it.
    expect(firstLines).not.toContain('["computed"]() {');
  });

  it("leaves a class no longer than the size, and a chunk with no class, alone", () => {
    expect(memberRuns("export class A {\n  x = 1;\n  y = 2;\n}\n", 1000)).toBeNull();
    expect(memberRuns("export function f() {\n  return 1;\n}\n", 1)).toBeNull();
  });
});

describe("extractFileFacts on a class parsed in member runs", () => {
  it("finds the facts of the whole-file parse in the edge-case class, cut at every member", () => {
    const text = readFileSync(join(REPO, HUGE), "utf8");
    const whole = extractFileFacts(HUGE, text, WHOLE);
    expect(whole.classes.map((c) => c.name)).toEqual(["HugeTool", "Inner", "Nested"]);
    expect(whole.classes[0]?.wireName).toMatchObject({ kind: "literal", value: "huge_tool" });
    for (const size of [1, 200, 600])
      for (const mask of [true, false]) expect(extractFileFacts(HUGE, text, { chunkChars: size, mask })).toEqual(whole);
  });

  it("finds the facts of the whole-file parse in every fixture class, cut at every member", () => {
    const files = fg.sync(["fixtures/nodetool-mini/packages/**/*.ts", "inventory/__fixtures__/**/*.ts"], {
      cwd: REPO,
      ignore: ["**/node_modules/**"],
    });
    let split = 0;
    for (const file of files) {
      const text = readFileSync(join(REPO, file), "utf8");
      if (memberRuns(text, 1)) split++;
      expect(extractFileFacts(file, text, FINEST), file).toEqual(extractFileFacts(file, text, WHOLE));
    }
    expect(split).toBeGreaterThan(10);
  });

  it("falls back to the whole file when a run does not parse", () => {
    // The cut before `y` is taken (a `}` ends the line before), but `y` continues an expression there.
    const text = "export class A {\n  x = () => {\n  }\n  y = 1 +;\n}\n";
    expect(extractFileFacts("a.ts", text, FINEST)).toEqual(extractFileFacts("a.ts", text, WHOLE));
    expect(extractFileFacts("a.ts", text, FINEST).parseErrors.length).toBeGreaterThan(0);
  });
});
