/**
 * no-reverse-seam-import: a file on the guarded side of a seam (tools/) must not import the
 * other side (capabilities/) — value imports, re-exports, dynamic import() and require.
 * Type-only imports are erased and pass unless `allowTypeImports: false`. Seams, reasons and
 * exceptions come from options / capkit.config.json; baselined violations are not reported.
 */
import { applyBaseline, loadBaseline } from "./baseline/lint-baseline.js";
import { importVisitors, type NodeImport } from "./checks/estree-imports.js";
import { findReverseImports, type ReverseMessageId } from "./checks/reverse-imports.js";
import { createRule } from "./create-rule.js";
import { MESSAGES } from "./messages.js";
import { getSeamAnalysis } from "./graph/graph-cache.js";
import { defaultSeamOptions, seamOptionsSchema, setupRule, type SeamRuleOptions } from "./seam/rule-options.js";
import { sideOf } from "../lib/config/seam-sides.js";

export const RULE_NAME = "no-reverse-seam-import";

export default createRule<[SeamRuleOptions], ReverseMessageId>({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Forbid imports from the guarded side of a seam (tools/) into the other side (capabilities/)",
      recommended: true,
    },
    schema: seamOptionsSchema,
    messages: MESSAGES["no-reverse-seam-import"],
  },
  defaultOptions: defaultSeamOptions,
  create(context, [options]) {
    const setup = setupRule(context.filename, context.cwd, options);
    if (!setup.config.seams.some((s) => sideOf(s, setup.rel) === "from")) return {};
    const found: NodeImport[] = [];
    return {
      ...importVisitors((f) => found.push(f)),
      "Program:exit"() {
        const analysis = getSeamAnalysis(setup.root, setup.config);
        const records = found.map((f) => f.record);
        const findings = findReverseImports(
          setup.root,
          setup.file,
          setup.rel,
          records,
          setup.config,
          analysis.resolver,
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
