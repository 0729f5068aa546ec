/**
 * The plugin as a user consumes it: `capkit.configs.recommended` in a flat config given to
 * ESLint's own `ESLint` class (what `npx eslint` runs), on the regression fixture.
 */
import { ESLint } from "eslint";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import capkit from "./index.js";
import { FIXTURES } from "./test-support/rule-tester.js";

describe("capkit/eslint-plugin in a flat config", () => {
  it("recommended turns every rule on and reports the deadlock fixture's reverse import and async cycle", async () => {
    const cwd = join(FIXTURES, "esbuild-deadlock");
    const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: [capkit.configs.recommended] as never });
    const results = await eslint.lintFiles(["packages/**/*.ts"]);
    const messages = results.flatMap((r) =>
      r.messages.map((m) => ({ file: r.filePath.slice(cwd.length + 1), ruleId: m.ruleId, line: m.line })),
    );
    expect(messages).toEqual([
      { file: "packages/agents/src/tools/tool-permissions.ts", ruleId: "capkit/no-reverse-seam-import", line: 4 },
      { file: "packages/agents/src/tools/tool-permissions.ts", ruleId: "capkit/no-seam-cycle", line: 4 },
    ]);
    expect(Object.keys(capkit.configs.recommended.rules).sort()).toEqual(
      Object.keys(capkit.rules)
        .map((r) => `capkit/${r}`)
        .sort(),
    );
  });
});
