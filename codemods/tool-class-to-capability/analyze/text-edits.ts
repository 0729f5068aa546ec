/**
 * Re-indenting a rewritten block without touching the inside of multi-line template literals
 * (their whitespace is content). Applying edits is codemods/shared/splice.ts's job.
 */

/** Leading whitespace width of the least-indented non-blank line after the first. */
function commonIndent(lines: readonly string[], skip: ReadonlySet<number>): number {
  let min = Infinity;
  lines.forEach((line, i) => {
    if (i === 0 || skip.has(i) || line.trim() === "") return;
    min = Math.min(min, line.length - line.trimStart().length);
  });
  return min === Infinity ? 0 : min;
}

/**
 * Shift lines 2..n of `block` so their common indent becomes `indent`. `frozenLines` (0-based
 * line indexes within the block) are left exactly as they are: template literal continuations.
 */
export function reindent(block: string, indent: string, frozenLines: ReadonlySet<number> = new Set()): string {
  const lines = block.split("\n");
  const current = commonIndent(lines, frozenLines);
  return lines
    .map((line, i) => {
      if (i === 0 || frozenLines.has(i)) return line;
      if (line.trim() === "") return "";
      const own = line.length - line.trimStart().length;
      return indent + " ".repeat(Math.max(0, own - current)) + line.trimStart();
    })
    .join("\n");
}

/** Line indexes (relative to `blockStart`) that begin inside one of `ranges` — multi-line literals. */
export function frozenLinesOf(
  text: string,
  blockStart: number,
  blockEnd: number,
  ranges: readonly { start: number; end: number }[],
): Set<number> {
  const frozen = new Set<number>();
  let line = 0;
  for (let pos = blockStart; pos < blockEnd; pos++) {
    if (text[pos] !== "\n") continue;
    line += 1;
    const next = pos + 1;
    if (ranges.some((r) => next > r.start && next < r.end)) frozen.add(line);
  }
  return frozen;
}
