/**
 * Text splicing helpers: apply non-overlapping edits to a slice of a file, and re-indent a block
 * without touching the inside of multi-line template literals (their whitespace is content).
 */

export interface TextEdit {
  /** Absolute positions in the file text. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** `text.slice(from, to)` with `edits` (inside that span) applied. Overlapping edits throw. */
export function spliceRange(text: string, from: number, to: number, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = "";
  let cursor = from;
  for (const edit of sorted) {
    if (edit.start < cursor) {
      // Two deletions may share a newline (a statement at the top of a file); anything else is a bug.
      if (edit.text !== "" || edit.end <= cursor) {
        if (edit.text === "") continue;
        throw new Error(`overlapping edits at ${edit.start}`);
      }
      cursor = edit.end;
      continue;
    }
    out += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + text.slice(cursor, to);
}

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return spliceRange(text, 0, text.length, edits);
}

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
