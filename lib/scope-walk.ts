/**
 * The files of a scope (lib/scope-rules.ts) found by walking the tree (lib/tree-walk.ts:
 * symlinks followed once), as sorted root-relative `/` paths. Consumers: the inventory's
 * discovery (inventory/scan/discover.ts) and lint's source listing (rules/graph/list-files.ts).
 * The scope must pass `scopeWalkProblem`; a folder that cannot be listed goes to `onUnreadable`.
 */
import { lstatSync, realpathSync, statSync } from "node:fs";
import { relative, sep } from "node:path";
import { compileScope, type ScopePatterns, type ScopeRules, type ScopeTask } from "./scope-rules.js";
import { walkTree, type UnreadableFolder, type WalkRules, type WalkTrace } from "./tree-walk.js";

function taskRules(task: ScopeTask, rules: ScopeRules): WalkRules {
  const hidden = (name: string) => !task.dotEntries && name.startsWith(".");
  return {
    enters: (path, name) => !hidden(name) && !rules.skipsFolder(path),
    lists: (path, name) => !hidden(name) && task.include.test(path) && !rules.excludesWalkedFile(path, name),
  };
}

/** A wildcard-free include names a file (a link to one counts, unless its target is listed already). */
function staticFile(root: string, file: string, found: ReadonlySet<string>): boolean {
  try {
    if (!statSync(`${root}/${file}`).isFile()) return false;
    if (!lstatSync(`${root}/${file}`).isSymbolicLink()) return true;
    const real = relative(realpathSync(root), realpathSync(`${root}/${file}`))
      .split(sep)
      .join("/");
    return !found.has(real);
  } catch {
    return false;
  }
}

/** `trace`: what the walk went through (lib/tree-walk.ts); files named by an include are stat-ed, not listed, so they make it opaque. */
export function walkScope(
  root: string,
  scope: ScopePatterns,
  onUnreadable?: UnreadableFolder,
  trace?: WalkTrace,
): string[] {
  const rules = compileScope(scope);
  const starts = rules.tasks.filter((t) => !t.excluded).map((t) => ({ base: t.base, rules: taskRules(t, rules) }));
  const listed = walkTree(root, starts, onUnreadable, Infinity, trace);
  if (trace && rules.staticFiles.length > 0) trace.opaque = true;
  // The usual scope (patterns only): the walk's sorted list as it is, no copy.
  if (rules.staticFiles.length === 0) return listed;
  const found = new Set(listed);
  for (const file of rules.staticFiles) {
    if (!found.has(file) && !rules.excludesFile(file) && staticFile(root, file, found)) found.add(file);
  }
  return [...found].sort();
}
