import { defineConfig } from "vitest/config";

// One test run covers capkit's own engines and the embedded fixture's behaviour suite.
// Codemod fixture trees (`__testfixtures__`) and scan fixture trees (`__fixtures__`) are data,
// never tests of their own.
export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: [
      "**/node_modules/**",
      "**/__testfixtures__/**",
      "**/__fixtures__/**",
      "**/dist/**",
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
