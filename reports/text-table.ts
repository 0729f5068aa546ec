/**
 * A box-drawn terminal table: a header row, then one block per row, each cell padded by one
 * space, a rule between rows. A column is as wide as its widest line (SGR colour codes take no
 * room, wide characters two) up to its `maxWidth`; the cells of a capped column are word-wrapped
 * to fit, and a word longer than the column is cut with "…". The cost is linear in the text:
 * every line is measured a bounded number of times and every output line is built once.
 * The layout is the one cli-table3 draws with `wordWrap: true`, which the table reporter used
 * before: its per-line re-measuring made a many-line cell cost worse than quadratic.
 */
import { closeSgrPerLine } from "./sgr-lines.js";
import { blockWidth, displayWidth, truncateToWidth } from "./text-width.js";

export interface TextColumn {
  readonly header: string;
  /** The widest the column may grow, padding included (at least 3). */
  readonly maxWidth?: number;
}

export interface TextTableStyle {
  /** Paints each header cell (its padding included). */
  readonly head?: (text: string) => string;
  /** Paints the borders. */
  readonly border?: (text: string) => string;
}

const PADDING = 1;
const CHARS = {
  top: ["┌", "┬", "┐"],
  rule: ["├", "┼", "┤"],
  bottom: ["└", "┴", "┘"],
  line: "─",
  side: "│",
} as const;

/**
 * One line cut at word boundaries into lines of at most `width` columns; the whitespace between
 * two words on the same line is kept as written. A word wider than `width` gets a line of its own.
 */
export function wrapWords(line: string, width: number): string[] {
  const out: string[] = [];
  const parts = line.split(/(\s+)/);
  let current: string[] = [];
  let used = 0;
  let space = "";
  for (let i = 0; i < parts.length; i += 2) {
    const word = parts[i] ?? "";
    const wordWidth = displayWidth(word);
    const next = used + wordWidth + (used > 0 ? space.length : 0);
    if (next > width) {
      if (used !== 0) out.push(current.join(""));
      current = [word];
      used = wordWidth;
    } else {
      current.push(space, word);
      used = next;
    }
    space = parts[i + 1] ?? "";
  }
  if (used > 0 || out.length === 0) out.push(current.join(""));
  return out;
}

/** A cell's lines: its own, each wrapped to `inner` when the column was capped below its content. */
function cellLines(text: string, inner: number, wrap: boolean): string[] {
  const own = text.split("\n");
  const lines = wrap ? own.flatMap((line) => wrapWords(line, inner)) : own;
  return text.includes("\u001b") ? closeSgrPerLine(lines) : lines;
}

interface Layout {
  /** Column width, padding included. */
  readonly width: number;
  /** Whether the column was capped below its widest line, so its cells wrap. */
  readonly wrap: boolean;
}

function columnLayout(columns: readonly TextColumn[], table: readonly (readonly string[])[]): Layout[] {
  return columns.map((column, x) => {
    let widest = 0;
    for (const row of table) widest = Math.max(widest, blockWidth(row[x] ?? ""));
    const wanted = widest + 2 * PADDING;
    if (column.maxWidth === undefined) return { width: wanted, wrap: false };
    const width = Math.min(wanted, Math.max(column.maxWidth, 2 * PADDING + 1));
    return { width, wrap: width < wanted };
  });
}

export function renderTextTable(
  columns: readonly TextColumn[],
  rows: readonly (readonly string[])[],
  style: TextTableStyle = {},
): string {
  const paintBorder = style.border ?? ((s: string) => s);
  const paintHead = style.head ?? ((s: string) => s);
  const table = [columns.map((c) => c.header), ...rows];
  const layout = columnLayout(columns, table);
  const inners = layout.map((c) => c.width - 2 * PADDING);
  const segments = layout.map((c) => CHARS.line.repeat(c.width));
  const rule = ([left, mid, right]: readonly string[]) => paintBorder(`${left}${segments.join(mid)}${right}`);
  const side = paintBorder(CHARS.side);
  const pad = " ".repeat(PADDING);

  const out: string[] = [rule(CHARS.top)];
  table.forEach((row, y) => {
    if (y > 0) out.push(rule(CHARS.rule));
    const cells = columns.map((_, x) => cellLines(row[x] ?? "", inners[x] ?? 0, layout[x]?.wrap ?? false));
    const height = Math.max(1, ...cells.map((lines) => lines.length));
    for (let n = 0; n < height; n++) {
      const drawn = cells.map((lines, x) => {
        const inner = inners[x] ?? 0;
        const text = truncateToWidth(lines[n] ?? "", inner);
        const padded = `${pad}${text}${" ".repeat(Math.max(0, inner - displayWidth(text)))}${pad}`;
        return y === 0 ? paintHead(padded) : padded;
      });
      out.push(`${side}${drawn.join(side)}${side}`);
    }
  });
  out.push(rule(CHARS.bottom));
  return out.join("\n");
}
