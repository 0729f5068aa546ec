import { defineConfig } from "vitest/config";
import { targetAliases } from "./lib/workspace-modules.js";

// One test run covers capkit's own engines and the embedded fixture's behaviour suite.
// Codemod fixture trees (`__testfixtures__`) and scan fixture trees (`__fixtures__`) are data,
// never tests of their own. The fixture's workspace package names resolve through aliases,
// the way they would in the real monorepo's node_modules.
export default defineConfig({
  resolve: { alias: targetAliases("fixtures/nodetool-mini") },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/__testfixtures__/**", "**/__fixtures__/**", "**/dist/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
