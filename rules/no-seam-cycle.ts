/**
 * no-seam-cycle: reports every import cycle that crosses a seam, naming its files in order,
 * and says when it is async (a module in it, or one it statically imports, has top-level
 * await) — the cycle that deadlocks an esbuild bundle while plain Node runs. Type-only and
 * dynamic import() edges never close a cycle. The module graph is built once per root and
 * shared (graph/graph-cache.ts); each file only looks up the cycles that start at it.
 */
import { applyBaseline, loadBaseline } from "./baseline/lint-baseline.js";
import { createRule } from "./create-rule.js";
import { MESSAGES } from "./messages.js";
import { getSeamAnalysisFor } from "./graph/graph-cache.js";
import { formatCycle } from "./graph/seam-cycles.js";
import { defaultSeamOptions, seamOptionsSchema, setupRule, type SeamRuleOptions } from "./seam/rule-options.js";

export const RULE_NAME = "no-seam-cycle";

export type CycleMessageId = "seamCycle" | "asyncSeamCycle";

export default createRule<[SeamRuleOptions], CycleMessageId>({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Forbid import cycles that cross a seam; flag the async ones that deadlock an esbuild bundle",
      recommended: true,
    },
    schema: seamOptionsSchema,
    messages: MESSAGES["no-seam-cycle"],
  },
  defaultOptions: defaultSeamOptions,
  create(context, [options]) {
    const setup = setupRule(context.filename, context.cwd, options);
    return {
      "Program:exit"() {
        const analysis = getSeamAnalysisFor(setup.root, setup.config, setup.rel, context.sourceCode.text);
        const cycles = analysis.cyclesByFile.get(setup.rel) ?? [];
        if (cycles.length === 0) return;
        const entries = cycles.map((c) => ({
          rule: RULE_NAME,
          file: setup.rel,
          key: `${c.seam}:${formatCycle(c.files)}`,
          cycle: c,
        }));
        const counts = setup.useBaseline ? loadBaseline(setup.root, setup.config.baseline) : new Map<string, number>();
        for (const { cycle } of applyBaseline(entries, counts).fresh) {
          const seam = setup.config.seams.find((s) => s.name === cycle.seam);
          const data = {
            seam: cycle.seam,
            cycle: formatCycle(cycle.files),
            length: String(cycle.files.length),
            reason: seam?.reason ?? "",
          };
          const loc = { line: cycle.line, column: 0 };
          if (cycle.async)
            context.report({
              loc,
              messageId: "asyncSeamCycle",
              data: { ...data, tla: `${cycle.async.file}:${cycle.async.line}` },
            });
          else context.report({ loc, messageId: "seamCycle", data });
        }
      },
    };
  },
});
