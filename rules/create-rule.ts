/**
 * The typed rule factory every capkit rule is made with: typescript-eslint's RuleCreator,
 * with a docs link to rules/docs/<rule>.md and the plugin's docs metadata.
 */
import { ESLintUtils } from "@typescript-eslint/utils";

export interface CapkitRuleDocs {
  readonly description: string;
  readonly recommended: boolean;
}

export const DOCS_BASE = "https://github.com/capkit/capkit/blob/main/rules/docs";

export const createRule = ESLintUtils.RuleCreator<CapkitRuleDocs>((name) => `${DOCS_BASE}/${name}.md`);
