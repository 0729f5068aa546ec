/**
 * What a class's process reaches: its own callees' effects (extract/class-shape.ts) plus those of
 * the plain functions of its file it calls by name, followed through their own calls (a
 * `judgeCall` helper that asks a model provider). Only file-local functions: names are matched
 * without a checker.
 */
import type { ClassShapeFact, FunctionFact } from "../extract/facts.js";

/** How deep helper-calls-helper is followed. */
const DEPTH = 4;

export function processEffects(shape: ClassShapeFact, functions: readonly FunctionFact[]): string[] {
  const out = new Set(shape.effects);
  if (!shape.calls?.length || functions.length === 0) return [...out].sort();
  const byName = new Map(functions.map((f) => [f.name, f]));
  let frontier = [...shape.calls];
  const seen = new Set<string>();
  for (let depth = 0; depth < DEPTH && frontier.length; depth++) {
    const next: string[] = [];
    for (const name of frontier) {
      if (seen.has(name)) continue;
      seen.add(name);
      const fn = byName.get(name);
      if (!fn) continue;
      for (const e of fn.effects ?? []) out.add(e);
      for (const c of fn.calls) next.push(c.name);
    }
    frontier = next;
  }
  return [...out].sort();
}
