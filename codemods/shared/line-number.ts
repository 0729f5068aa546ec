/**
 * Line numbers of ts-morph nodes from a line table built once per parsed text. ts-morph's own
 * `getStartLineNumber()` / `getEndLineNumber()` count the line breaks from the start of the
 * file on every call, so asking for each class's line in a file of many classes costs the
 * square of the file. Same numbers as ts-morph's (1-based, counting "\n" only).
 */
import type { Node } from "ts-morph";

/** Keyed by the compiler's SourceFile, which ts-morph replaces whenever the text changes. */
const tables = new WeakMap<object, Int32Array>();

function lineBreaks(text: string): Int32Array {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count++;
  const out = new Int32Array(count);
  let k = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) out[k++] = i;
  return out;
}

/** 1 + the number of line breaks before `pos`. */
function lineAt(node: Node, pos: number): number {
  const sf = node.getSourceFile();
  const key = sf.compilerNode;
  let breaks = tables.get(key);
  if (!breaks) tables.set(key, (breaks = lineBreaks(sf.getFullText())));
  let lo = 0;
  let hi = breaks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((breaks[mid] as number) < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

/** `node.getStartLineNumber()` without the rescan. */
export function startLineOf(node: Node, includeJsDocComments = false): number {
  return lineAt(node, node.getStart(includeJsDocComments));
}

/** `node.getEndLineNumber()` without the rescan (ts-morph counts from the end line's start). */
export function endLineOf(node: Node): number {
  const text = node.getSourceFile().getFullText();
  let pos = node.getEnd();
  while (pos > 0 && text[pos - 1] !== "\n" && text[pos - 1] !== "\r") pos--;
  return lineAt(node, pos);
}
