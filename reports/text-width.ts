/**
 * Terminal display width of a string and truncation to a width, both blind to ANSI SGR colour
 * codes (`\u001b[…m`): what `text-table.ts` measures cells with. East Asian wide and fullwidth
 * characters and emoji count 2 columns, combining marks, zero-width joiners and variation
 * selectors 0. Every function is one pass over its input.
 */

/** An SGR sequence (colours, bold, dim…); other escape sequences are not expected in cells. */
export const SGR = /\u001b\[[0-9;]*m/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const EMOJI = /\p{Emoji_Presentation}/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f\ufe00-\ufe0f]/u;

export function stripSgr(text: string): string {
  return text.includes("\u001b") ? text.replace(SGR, "") : text;
}

/** East Asian Wide / Fullwidth blocks (the ranges terminals draw two columns wide). */
function isWide(cp: number): boolean {
  return (
    cp >= 0x1100 &&
    (cp <= 0x115f ||
      cp === 0x2329 ||
      cp === 0x232a ||
      (cp >= 0x2e80 && cp <= 0x3247 && cp !== 0x303f) ||
      (cp >= 0x3250 && cp <= 0x4dbf) ||
      (cp >= 0x4e00 && cp <= 0xa4c6) ||
      (cp >= 0xa960 && cp <= 0xa97c) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe10 && cp <= 0xfe19) ||
      (cp >= 0xfe30 && cp <= 0xfe6b) ||
      (cp >= 0xff01 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) ||
      (cp >= 0x1b000 && cp <= 0x1b001) ||
      (cp >= 0x1f200 && cp <= 0x1f251) ||
      (cp >= 0x20000 && cp <= 0x3fffd))
  );
}

/** Columns one character (a code point, as a string) takes; `afterJoiner` for ZWJ emoji sequences. */
function charWidth(ch: string, afterJoiner: boolean): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1;
  if (afterJoiner || ZERO_WIDTH.test(ch)) return 0;
  if (isWide(cp) || EMOJI.test(ch)) return 2;
  return 1;
}

/** Display width of one line of plain text (no SGR codes, no newline). */
function plainWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  let joiner = false;
  for (const ch of text) {
    width += charWidth(ch, joiner);
    joiner = ch === "\u200d";
  }
  return width;
}

/** Display width of one line (SGR codes take no columns). */
export function displayWidth(line: string): number {
  return plainWidth(stripSgr(line));
}

/** The widest line of a possibly multi-line text. */
export function blockWidth(text: string): number {
  let widest = 0;
  for (const line of text.split("\n")) widest = Math.max(widest, displayWidth(line));
  return widest;
}

/**
 * `line` cut to at most `width` columns, ending in `ellipsis` when anything was cut. SGR codes
 * before the cut are kept and the ones still open are closed before the ellipsis, so a cut
 * coloured word does not colour the border after it.
 */
export function truncateToWidth(line: string, width: number, ellipsis = "…"): string {
  if (displayWidth(line) <= width) return line;
  const room = width - displayWidth(ellipsis);
  const kept: string[] = [];
  let used = 0;
  let coloured = false;
  let joiner = false;
  for (const part of line.split(/(\u001b\[[0-9;]*m)/)) {
    if (part.startsWith("\u001b[")) {
      kept.push(part);
      coloured = true;
      continue;
    }
    let end = 0;
    for (const ch of part) {
      const w = charWidth(ch, joiner);
      if (used + w > room) break;
      used += w;
      end += ch.length;
      joiner = ch === "\u200d";
    }
    kept.push(part.slice(0, end));
    if (end < part.length) break;
  }
  return `${kept.join("")}${coloured ? "\u001b[0m" : ""}${ellipsis}`;
}
