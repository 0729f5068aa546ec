/**
 * Runs capkit's rules through ESLint's own `Linter` on files of a root — the reference the
 * fast path is tested against, and how `capkit lint` runs the one AST-only rule
 * (require-capability-category) on the few files that can hold a spec. Inline
 * `eslint-disable` comments are ignored here, as in the fast path: accept a violation with
 * a seam exception or the baseline instead.
 */
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import plugin from "../index.js";
import type { CapkitRuleName } from "../messages.js";

export interface EslintViolation {
  readonly rule: CapkitRuleName;
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

export function lintWithEslint(
  root: string,
  files: readonly string[],
  ruleNames: readonly CapkitRuleName[],
): EslintViolation[] {
  const linter = new Linter({ configType: "flat", cwd: root });
  const config = [
    {
      files: ["**/*.{ts,tsx,mts,cts}"],
      plugins: { capkit: plugin },
      languageOptions: { parser: tsParser },
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" },
      rules: Object.fromEntries(ruleNames.map((r) => [`capkit/${r}`, "error"])),
    },
  ] as unknown as Linter.Config[];
  const out: EslintViolation[] = [];
  for (const rel of files) {
    const text = readFileSync(join(root, rel), "utf8");
    for (const m of linter.verify(text, config, join(root, rel))) {
      if (m.fatal) throw new Error(`${rel}:${m.line}: ${m.message}`);
      if (!m.ruleId?.startsWith("capkit/")) continue;
      out.push({
        rule: m.ruleId.replace(/^capkit\//, "") as CapkitRuleName,
        file: rel,
        line: m.line,
        message: m.message,
      });
    }
  }
  return out;
}
