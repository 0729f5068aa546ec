import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyCase } from "../../inventory/test-support/fixtures.js";
import { captureIO } from "../test-support/cli-io.js";
import { main } from "../capkit.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("capkit lint and syntax errors", () => {
  it("a file that does not parse fails the lint, named with its line, instead of 'no violations'", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const clean = captureIO(root);
    expect(await main(["lint", root], clean)).toBe(0);
    writeFileSync(
      join(root, "packages/agents/src/tools/broken.ts"),
      'import { Tool } from "./base-tool.js";\nexport function f( {\n  return 1;\n}\n',
    );
    writeFileSync(join(root, "packages/agents/src/tools/unterminated.ts"), 'export const s = "abc\n');
    const io = captureIO(root);
    expect(await main(["lint", root], io)).toBe(1);
    const out = io.out.join("");
    expect(out).toMatch(/^packages\/agents\/src\/tools\/broken\.ts:\d+ {2}syntax error {2}/m);
    expect(out).toMatch(
      /^packages\/agents\/src\/tools\/unterminated\.ts:1 {2}syntax error {2}Unterminated string literal/m,
    );
    expect(out).toContain("2 files with a syntax error");
    const json = captureIO(root);
    expect(await main(["lint", root, "--json"], json)).toBe(1);
    expect(JSON.parse(json.out.join("")).syntaxErrors.map((e: { file: string }) => e.file)).toEqual([
      "packages/agents/src/tools/broken.ts",
      "packages/agents/src/tools/unterminated.ts",
    ]);
    const update = captureIO(root);
    expect(await main(["lint", root, "--update-baseline"], update)).toBe(1);
    expect(update.err.join("")).toContain("refusing to write the lint baseline: 2 files could not be read or parsed");
    expect(await main(["lint", root, "--update-baseline", "--force"], captureIO(root))).toBe(0);
  });
});
