/**
 * The codemod runner: plan (codemods/index.ts over a VirtualTree), validate, diff, atomic apply
 * with a journal, type check and per-namespace commits. `runMigration` is the engine behind
 * `capkit migrate`; the pieces are exported for tests and other commands (demo).
 */
export {
  runMigration,
  knownNamespaces,
  MigrateInterruptedError,
  type InterruptedState,
  type MigrateOptions,
  type MigrateProgress,
  type MigrateResult,
  type NamespaceSummary,
} from "./migrate.js";
export {
  applyPlan,
  recoverInterruptedApply,
  journalDir,
  nodeApplyFs,
  ApplyError,
  type ApplyFs,
  type AppliedPlan,
} from "./apply.js";
export {
  findJournal,
  interruptedMigrateError,
  journalConflicts,
  JournalConflictError,
  ROLLBACK_COMMAND,
  DISCARD_COMMAND,
  type JournalConflict,
} from "./journal.js";
export { acquireMigrateLock, lockHolder, LOCK_REL } from "./lock.js";
export { resolveJournal, type JournalAction, type JournalActionResult } from "./recover.js";
export { validatePlan, parseProblems, type PlanProblem } from "./validate-plan.js";
export { planDiff } from "./diff.js";
export { dirtyPaths, isGitRepo, commitPaths } from "./migrate-git.js";
export { runTypecheck, newErrors, typecheckConfig, type TypecheckResult } from "./typecheck.js";
export { listTreeFiles } from "./tree-files.js";
export { mergeSavedMigrate, type SavedMigrate, type SavedNamespace } from "./saved-result.js";
