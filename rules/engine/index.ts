/**
 * The lint engine's public face (`capkit lint`): run the rules over a tree, with the baseline
 * applied, or rewrite the baseline; which seams matched nothing; how a cycle is printed.
 * Consumed by bin/commands/lint.ts, the demo and the bench; the ESLint plugin is rules/index.ts.
 */
export {
  collectViolations,
  runLint,
  unexpectedlyEmptySeams,
  updateLintBaseline,
  type LintOptions,
  type LintResult,
  type LintViolation,
} from "./lint-engine.js";
export { formatCycle } from "../graph/seam-cycles.js";
