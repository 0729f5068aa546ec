/**
 * statementChunks(text, size): cuts a big file into runs of whole top-level statements of about
 * `size` characters each, so the parser's tree of one run at a time is alive, not the whole
 * file's (a tree takes tens of times the text's bytes). A cut goes only at the start of a line
 * that begins, in column 0, with a declaration keyword, after a line whose last character is
 * `;` or `}`. Such a line could still sit inside a template, comment or unindented block: the
 * caller parses every chunk and falls back to the whole file when any has a syntax error (a
 * wrong cut always leaves one side unterminated). Every chunk starts at a line start, so a
 * node's column is the same as in the whole file and its line is the chunk's first line plus
 * its line in the chunk.
 */

export interface TextChunk {
  /** Offset of the chunk's first character in the file. */
  readonly start: number;
  readonly text: string;
  /** Lines of the file before the chunk (0-based line of its first line). */
  readonly lineBase: number;
  /** Up to LEAD_CHARS of the text just before the chunk (look-behind checks read it). */
  readonly lead: string;
}

export const LEAD_CHARS = 160;

const STATEMENT_START =
  /\n(?=(?:export|import|class|abstract|function|async|const|let|var|interface|type|enum|declare|namespace)\b)/g;

/** Null when the file is no bigger than `size` or has no place to cut. */
export function statementChunks(text: string, size: number): TextChunk[] | null {
  if (text.length <= size) return null;
  const chunks: TextChunk[] = [];
  let start = 0;
  let lineBase = 0;
  const cut = (end: number) => {
    const chunk = text.slice(start, end);
    chunks.push({ start, text: chunk, lineBase, lead: text.slice(Math.max(0, start - LEAD_CHARS), start) });
    for (let p = chunk.indexOf("\n"); p !== -1; p = chunk.indexOf("\n", p + 1)) lineBase++;
    start = end;
  };
  STATEMENT_START.lastIndex = size;
  for (let m = STATEMENT_START.exec(text); m !== null; m = STATEMENT_START.exec(text)) {
    if (m.index - start < size) continue;
    let last = m.index - 1;
    while (last > start && (text[last] === " " || text[last] === "\t" || text[last] === "\r" || text[last] === "\n"))
      last--;
    const ch = text[last];
    if (ch !== ";" && ch !== "}") continue;
    cut(m.index + 1);
    STATEMENT_START.lastIndex = start + size;
  }
  if (chunks.length === 0) return null;
  cut(text.length);
  return chunks;
}
