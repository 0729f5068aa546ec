/**
 * no-async-cycle: reports every import cycle whose modules reach a top-level await — seam or
 * not — naming its files in order and the await: such a cycle deadlocks an esbuild bundle
 * (async `__esm` initialisers awaiting each other) while tests and plain Node stay green.
 * With `syncCycles: true` it lists the synchronous cycles too, for a team to baseline. Edges
 * are init-time imports only (type-only imports and dynamic import() never close a cycle);
 * a cycle holding both sides of a seam is left to no-seam-cycle, so each cycle is reported
 * once. One cycle per circular dependency, the shortest (graph/import-cycles.ts), reported
 * on its smallest file; the graph is built once per root and shared (graph/graph-cache.ts).
 */
import { applyBaseline, loadBaseline } from "./baseline/lint-baseline.js";
import { findCycleFindings, type CycleMessageId } from "./checks/import-cycles.js";
import { createRule } from "./create-rule.js";
import { getImportCycles, getSeamAnalysisFor } from "./graph/graph-cache.js";
import { MESSAGES } from "./messages.js";
import { seamOptionsSchemaWith, setupRule, type SeamRuleOptions } from "./seam/rule-options.js";

export const RULE_NAME = "no-async-cycle";

export interface AsyncCycleOptions extends SeamRuleOptions {
  /** Also report synchronous cycles (default false): the list `capkit lint --cycles` prints. */
  readonly syncCycles?: boolean;
}

export default createRule<[AsyncCycleOptions], CycleMessageId>({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description:
        "Forbid import cycles that reach a top-level await (they deadlock an esbuild bundle); optionally list every cycle",
      recommended: true,
    },
    schema: seamOptionsSchemaWith({ syncCycles: { type: "boolean" } }),
    messages: MESSAGES["no-async-cycle"],
  },
  defaultOptions: [{}],
  create(context, [options]) {
    const { syncCycles = false, ...seamOptions } = options;
    const setup = setupRule(context.filename, context.cwd, seamOptions);
    return {
      "Program:exit"() {
        const analysis = getSeamAnalysisFor(setup.root, setup.config, setup.rel, context.sourceCode.text);
        const cycles = getImportCycles(analysis).byFile.get(setup.rel) ?? [];
        if (cycles.length === 0) return;
        const findings = findCycleFindings(cycles, setup.config, syncCycles).map((f) => ({ ...f, rule: RULE_NAME }));
        const counts = setup.useBaseline ? loadBaseline(setup.root, setup.config.baseline) : new Map<string, number>();
        for (const f of applyBaseline(findings, counts).fresh) {
          context.report({ loc: { line: f.line, column: 0 }, messageId: f.messageId, data: f.data });
        }
      },
    };
  },
});
