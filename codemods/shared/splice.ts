/**
 * Text splicing: a codemod collects `{ start, end, text }` edits against the text it parsed and
 * applies them in one pass, so every byte outside an edit stays exactly as it was (no reprint).
 * Overlapping edits are a bug in the caller and throw a typed error instead of corrupting text.
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

/** Applies non-overlapping edits; identical duplicate edits are applied once. */
export function applyEdits(file: string, text: string, edits: readonly TextEdit[]): string {
  const unique = new Map<string, TextEdit>();
  for (const e of edits) unique.set(`${e.start}:${e.end}:${e.text}`, e);
  const sorted = [...unique.values()].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let cursor = 0;
  let previous: TextEdit | undefined;
  for (const edit of sorted) {
    if (previous && edit.start < previous.end) throw new OverlappingEditsError(file, previous, edit);
    out += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
    previous = edit;
  }
  return out + text.slice(cursor);
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
