/**
 * The whole plan as one unified diff (`--dry-run`), paths as `a/<path>` / `b/<path>`. A file
 * whose change is small gets jsdiff's minimal diff; its cost grows with the file's length times
 * the number of edits, so a file rewritten throughout (a belt of thousands of constructions, a
 * file of thousands of classes moved out) would cost the square of its length: past
 * MAX_EDIT_LENGTH edits, and for a created or deleted file, the diff is one hunk from the first
 * differing line to the last instead, built in linear time.
 */
import { createTwoFilesPatch, formatPatch, type StructuredPatch } from "diff";
import type { FileChange } from "../plan.js";

const CONTEXT = 3;
const MAX_EDIT_LENGTH = 2000;

/** Lines with their line break, as jsdiff tokenizes them ("" → none). */
function lineTokens(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", start)) {
    out.push(text.slice(start, i + 1));
    start = i + 1;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** One hunk over everything between the common first and last lines (with context), in the format jsdiff writes. */
export function coarsePatch(from: string, to: string, before: string, after: string): string {
  const a = lineTokens(before);
  const b = lineTokens(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const patch: StructuredPatch = { oldFileName: from, newFileName: to, oldHeader: "", newHeader: "", hunks: [] };
  if (head < a.length || head < b.length) {
    const first = Math.max(0, head - CONTEXT);
    const lastOld = Math.min(a.length, a.length - tail + CONTEXT);
    const lastNew = Math.min(b.length, b.length - tail + CONTEXT);
    const raw = [
      ...a.slice(first, head).map((l) => ` ${l}`),
      ...a.slice(head, a.length - tail).map((l) => `-${l}`),
      ...b.slice(head, b.length - tail).map((l) => `+${l}`),
      ...a.slice(a.length - tail, lastOld).map((l) => ` ${l}`),
    ];
    const lines: string[] = [];
    for (const l of raw) {
      if (l.endsWith("\n")) lines.push(l.slice(0, -1));
      else lines.push(l, "\\ No newline at end of file");
    }
    patch.hunks.push({
      oldStart: first + 1,
      oldLines: lastOld - first,
      newStart: first + 1,
      newLines: lastNew - first,
      lines,
    });
  }
  return formatPatch(patch);
}

export function planDiff(changes: readonly FileChange[]): string {
  return changes
    .map((c) => {
      const before = c.kind === "create" ? "" : c.before;
      const after = c.kind === "delete" ? "" : c.after;
      const from = c.kind === "create" ? "/dev/null" : `a/${c.path}`;
      const to = c.kind === "delete" ? "/dev/null" : `b/${c.path}`;
      const exact =
        before === "" || after === ""
          ? undefined
          : createTwoFilesPatch(from, to, before, after, "", "", { context: CONTEXT, maxEditLength: MAX_EDIT_LENGTH });
      return (exact ?? coarsePatch(from, to, before, after)).replace(/^=+\n/, "");
    })
    .join("");
}
