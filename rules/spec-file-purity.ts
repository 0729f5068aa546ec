/**
 * spec-file-purity: a spec file (`*.specs.ts` by default) is data — it may import types, the
 * allowed packages (zod) and other spec or schema modules, never an implementation module
 * and never anything loaded at run time, so the registry can read every spec eagerly without
 * pulling in an implementation.
 */
import { applyBaseline, loadBaseline } from "./baseline/lint-baseline.js";
import { importVisitors, type NodeImport } from "./checks/estree-imports.js";
import { findImpureImports, type PurityMessageId } from "./checks/spec-purity.js";
import { createRule } from "./create-rule.js";
import { MESSAGES } from "./messages.js";
import { getSeamAnalysis } from "./graph/graph-cache.js";
import { defaultSeamOptions, seamOptionsSchema, setupRule, type SeamRuleOptions } from "./seam/rule-options.js";
import { isSpecFile } from "../lib/config/seam-sides.js";

export const RULE_NAME = "spec-file-purity";

export default createRule<[SeamRuleOptions], PurityMessageId>({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: { description: "Spec files import only types, zod and other specs or schema constants", recommended: true },
    schema: seamOptionsSchema,
    messages: MESSAGES["spec-file-purity"],
  },
  defaultOptions: defaultSeamOptions,
  create(context, [options]) {
    const setup = setupRule(context.filename, context.cwd, options);
    if (!isSpecFile(setup.config, setup.rel)) return {};
    const found: NodeImport[] = [];
    return {
      ...importVisitors((f) => found.push(f)),
      "Program:exit"() {
        const { resolver } = getSeamAnalysis(setup.root, setup.config);
        const findings = findImpureImports(
          setup.root,
          setup.file,
          found.map((f) => f.record),
          setup.config,
          resolver,
        );
        const entries = findings.map((f) => ({ ...f, rule: RULE_NAME, file: setup.rel }));
        const counts = setup.useBaseline ? loadBaseline(setup.root, setup.config.baseline) : new Map<string, number>();
        for (const f of applyBaseline(entries, counts).fresh) {
          context.report({ node: (found[f.index] as NodeImport).node, messageId: f.messageId, data: f.data });
        }
      },
    };
  },
});
