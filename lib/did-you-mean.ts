/**
 * The likeliest intended name for a mistyped one (a command, a namespace), so a usage error can
 * say "did you mean …" instead of only listing every choice.
 */

/** Edit distance (insert, delete, substitute, swap of neighbours), case-insensitive. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[s.length]![t.length]!;
}

/**
 * The closest choice, if it is close enough to be a typo (at most a third of its length, at
 * least one edit); undefined when nothing is.
 */
export function closestName(input: string, choices: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const choice of choices) {
    const dist = distance(input, choice);
    if (dist < bestDistance) [best, bestDistance] = [choice, dist];
  }
  if (best === undefined) return undefined;
  return bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

/** "did you mean X? " when one choice is close, else "". */
export function didYouMean(input: string, choices: readonly string[]): string {
  const near = closestName(input, choices);
  return near ? `did you mean "${near}"? ` : "";
}
