/**
 * A class's blocker codes as a table cell lists them: each code once, in first-seen order, with
 * a count when it repeats (three constructor parameters with no known run field are one
 * "unknown-ctor-param ×3", not three identical lines). The messages stay in --json.
 */
import type { Blocker } from "../inventory/types.js";

export function blockerCodes(blockers: readonly Blocker[]): string[] {
  const counts = new Map<string, number>();
  for (const b of blockers) counts.set(b.code, (counts.get(b.code) ?? 0) + 1);
  return [...counts].map(([code, n]) => (n > 1 ? `${code} ×${n}` : code));
}
