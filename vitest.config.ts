import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { targetAliases } from "./lib/workspace-modules.js";

/**
 * capkit's published entries (`capkit/runtime`, `capkit/parity/vitest`, …) point at dist/; tests
 * import the same names and must get the sources they test, so each `exports` target
 * `./dist/<path>.js` is aliased to `./<path>.ts`.
 */
function capkitSourceAliases(): { find: RegExp; replacement: string }[] {
  const manifest = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
    exports: Record<string, unknown>;
  };
  return Object.entries(manifest.exports).flatMap(([key, target]) => {
    const file = typeof target === "object" && target ? (target as Record<string, string>)["default"] : undefined;
    if (!file?.startsWith("./dist/")) return [];
    const source = new URL(`./${file.slice("./dist/".length).replace(/\.js$/, ".ts")}`, import.meta.url).pathname;
    return [{ find: new RegExp(`^capkit${key.slice(1).replace(/[/.]/g, "\\$&")}$`), replacement: source }];
  });
}

// One test run covers capkit's own engines and the embedded fixture's behaviour suite.
// Codemod fixture trees (`__testfixtures__`) and scan fixture trees (`__fixtures__`) are data,
// never tests of their own. The fixture's workspace package names resolve through aliases,
// the way they would in the real monorepo's node_modules.
export default defineConfig({
  resolve: { alias: [...capkitSourceAliases(), ...targetAliases("fixtures/nodetool-mini")] },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/__testfixtures__/**", "**/__fixtures__/**", "**/dist/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
