/**
 * Text splicing, the one edit applier every codemod uses: a codemod collects `{ start, end, text }`
 * edits against the text it parsed and applies them in one pass, so every byte outside an edit
 * stays exactly as it was (no reprint).
 *
 * Overlap policy:
 * - identical edits (same start, end and text) are applied once;
 * - a deletion (empty text) may overlap the edits before it: whatever either covers is removed
 *   (two removed statements can share the newline between them), and a deletion wholly inside an
 *   earlier edit adds nothing;
 * - any other overlap, an insertion or replacement that starts inside an earlier edit, is a bug in
 *   the caller and throws `OverlappingEditsError` instead of corrupting text.
 * Edits apply by start; at one position insertions come first, then replacements, then deletions,
 * and edits of the same kind keep the caller's order.
 */
import type { UnitResult } from "../plan.js";

export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export class OverlappingEditsError extends Error {
  constructor(
    readonly file: string,
    readonly first: TextEdit,
    readonly second: TextEdit,
  ) {
    super(`${file}: overlapping edits at ${first.start}-${first.end} and ${second.start}-${second.end}`);
    this.name = "OverlappingEditsError";
  }
}

/** A file whose edits overlapped: an error unit, the file left as it was (a codemod bug to report). */
export function overlappingEditsUnit(codemod: string, file: string, error: OverlappingEditsError): UnitResult {
  return {
    codemod,
    outcome: "error",
    unit: file,
    file,
    line: 1,
    code: "codemod-bug",
    reason: `${error.message}; the file is left as it was (report this as a codemod bug)`,
    fix: "report this as a codemod bug, with the file",
  };
}

/** Insertions, then replacements, then deletions: the order edits at one position apply in. */
function rank(edit: TextEdit): number {
  if (edit.start === edit.end) return 0;
  return edit.text === "" ? 2 : 1;
}

/** `text.slice(from, to)` with `edits` (absolute positions inside that span) applied. */
export function spliceRange(file: string, text: string, from: number, to: number, edits: readonly TextEdit[]): string {
  const unique = new Map<string, TextEdit>();
  for (const e of edits) unique.set(`${e.start}:${e.end}:${e.text}`, e);
  const sorted = [...unique.values()].sort((a, b) => a.start - b.start || rank(a) - rank(b));
  let out = "";
  let cursor = from;
  let previous: TextEdit | undefined;
  for (const edit of sorted) {
    if (edit.start < cursor) {
      if (edit.text !== "") throw new OverlappingEditsError(file, previous ?? edit, edit);
      cursor = Math.max(cursor, edit.end);
      continue;
    }
    out += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
    previous = edit;
  }
  return out + text.slice(cursor, to);
}

/** `text` with `edits` applied (the overlap policy is in this file's header). */
export function applyEdits(file: string, text: string, edits: readonly TextEdit[]): string {
  return spliceRange(file, text, 0, text.length, edits);
}

/**
 * Edits collected while walking a file from the innermost rewrite outwards: an outer rewrite
 * takes the text of a node with the inner edits already applied (and absorbs them), so nested
 * rewrites (`new A(x instanceof B)`) never overlap.
 */
export class EditSet {
  /**
   * Sorted by start (insertion order among equal starts), so take and peek find the edits of
   * a range by binary search: a filter over all edits per rewrite made a file of many
   * constructions quadratic.
   */
  private edits: TextEdit[] = [];

  constructor(private readonly text: string) {}

  /** The first index whose edit starts at or after `pos` (`after`: strictly after). */
  private bound(pos: number, after: boolean): number {
    let lo = 0;
    let hi = this.edits.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const s = (this.edits[mid] as TextEdit).start;
      if (s < pos || (after && s === pos)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(edit: TextEdit): void {
    this.edits.splice(this.bound(edit.start, true), 0, edit);
  }

  /** Indexes [lo, hi) of the edits that may lie inside [start, end), and those that do. */
  private inside(start: number, end: number): { lo: number; hi: number; inner: TextEdit[] } {
    const lo = this.bound(start, false);
    let hi = lo;
    const inner: TextEdit[] = [];
    for (; hi < this.edits.length && (this.edits[hi] as TextEdit).start <= end; hi++) {
      const e = this.edits[hi] as TextEdit;
      if (e.end <= end) inner.push(e);
    }
    return { lo, hi, inner };
  }

  private applied(start: number, end: number, inner: readonly TextEdit[]): string {
    return applyEdits(
      "<range>",
      this.text.slice(start, end),
      inner.map((e) => ({ start: e.start - start, end: e.end - start, text: e.text })),
    );
  }

  /** The text of [start, end) with the edits inside it applied; those edits are removed. */
  take(start: number, end: number): string {
    const { lo, hi, inner } = this.inside(start, end);
    const kept = this.edits.slice(lo, hi).filter((e) => e.end > end);
    this.edits.splice(lo, hi - lo, ...kept);
    return this.applied(start, end, inner);
  }

  /** The text of [start, end) with inner edits applied, leaving them in place (for reading only). */
  peek(start: number, end: number): string {
    return this.applied(start, end, this.inside(start, end).inner);
  }

  all(): readonly TextEdit[] {
    return this.edits;
  }
}
