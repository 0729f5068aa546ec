// ESLint for capkit's own code (`npm run lint:self`): typescript-eslint's recommended rules
// plus the few conventions capkit holds itself to. Formatting is Prettier's job
// (`npm run format:check`), so no stylistic rules here. The seams between capkit's folders are
// checked by capkit itself (`capkit lint`, configured in capkit.config.json), not by ESLint.
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  // Fixture trees are data: inputs and expected outputs that must stay byte for byte as written.
  globalIgnores([
    "node_modules/",
    "dist/",
    "coverage/",
    ".bench-tmp/",
    "test-output/",
    "**/.capkit/",
    "fixtures/",
    "**/__fixtures__/",
    "**/__testfixtures__/",
  ]),
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,mts,cts}"],
    rules: {
      // verbatimModuleSyntax is on: a type-only import must say so.
      // (`typeof import("x")` stays allowed: vi.mock factories type the module they patch that way.)
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // Small files and functions: warn, so a long one is visible without blocking.
      "max-lines": ["warn", { max: 300, skipBlankLines: true, skipComments: true }],
      "max-lines-per-function": ["warn", { max: 80, skipBlankLines: true, skipComments: true }],
      // A few hot loops chain statements with commas (`(a(), b = true)`); visible, not blocking,
      // until someone touching those lines writes them as statements.
      "@typescript-eslint/no-unused-expressions": "warn",
      // Engines return data; only bin/ prints (see docs/architecture.md).
      "no-console": "error",
    },
  },
  {
    // The CLI, the benches and tests may print.
    files: ["bin/**", "bench/**", "**/*.test.ts", "**/test-support/**"],
    rules: { "no-console": "off" },
  },
  {
    // Tests are long lists of cases; their size limit is the file's, not the describe block's.
    files: ["**/*.test.ts"],
    rules: { "max-lines-per-function": "off" },
  },
);
