/**
 * capkit's ESLint plugin (`capkit/eslint-plugin`), flat config only:
 *
 *   import capkit from "capkit/eslint-plugin";
 *   export default [capkit.configs.recommended];
 *
 * `rules` holds the five rules; `configs.recommended` turns them all on as errors for
 * TypeScript files with @typescript-eslint/parser. Seams are read from capkit.config.json
 * (`seam` section) at the repository root, or from rule options.
 */
import tsParser from "@typescript-eslint/parser";
import noAsyncCycle from "./no-async-cycle.js";
import noReverseSeamImport from "./no-reverse-seam-import.js";
import noSeamCycle from "./no-seam-cycle.js";
import requireCapabilityCategory from "./require-capability-category.js";
import specFilePurity from "./spec-file-purity.js";

export const rules = {
  "no-reverse-seam-import": noReverseSeamImport,
  "no-seam-cycle": noSeamCycle,
  "no-async-cycle": noAsyncCycle,
  "spec-file-purity": specFilePurity,
  "require-capability-category": requireCapabilityCategory,
};

export type { CapkitRuleName } from "./messages.js";

export const PLUGIN_PREFIX = "capkit";

const plugin = {
  meta: { name: "capkit/eslint-plugin", version: "0.1.0" },
  rules,
  configs: {} as Record<string, unknown>,
};

export const recommended = {
  name: "capkit/recommended",
  files: ["**/*.{ts,tsx,mts,cts}"],
  ignores: ["**/*.d.ts"],
  languageOptions: { parser: tsParser },
  plugins: { [PLUGIN_PREFIX]: plugin },
  rules: Object.fromEntries(Object.keys(rules).map((name) => [`${PLUGIN_PREFIX}/${name}`, "error"])) as Record<
    string,
    "error"
  >,
};

plugin.configs["recommended"] = recommended;

export const configs = { recommended };
export default plugin as typeof plugin & { configs: { recommended: typeof recommended } };
