/**
 * One file's token stream as the import scanner reads it (scan-imports.ts,
 * import-statements.ts): token kinds by index (0 past either end), string values, line
 * breaks between tokens, and line numbers counted forward as imports are recorded.
 */
import type { ImportKind, ImportRecord } from "./import-facts.js";
import { T, type Tokens } from "./token-kinds.js";

/** The tokens alone cannot decide: the AST must. */
export class Unsure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const decoder = new TextDecoder();

export /** One file's scan: the bytes, its tokens, and line numbers counted forward as imports are met. */
class Scan {
  readonly imports: ImportRecord[] = [];
  private lineAt = 0;
  private line = 1;

  constructor(
    readonly bytes: Uint8Array,
    readonly tok: Tokens,
  ) {}

  kind(i: number): number {
    return i >= 0 && i < this.tok.count ? (this.tok.kind[i] as number) : 0;
  }

  isString(i: number): boolean {
    const k = this.kind(i);
    return k === T.String || k === T.NoSubTemplate;
  }

  text(i: number): string {
    return decoder.decode(this.bytes.subarray(this.tok.start[i], this.tok.end[i]));
  }

  /** The value of the string token at `i`; an escape inside is left to the AST. */
  stringValue(i: number): string {
    const s = (this.tok.start[i] as number) + 1;
    const e = (this.tok.end[i] as number) - 1;
    if (this.bytes.subarray(s, e).includes(92)) throw new Unsure(`escape in a specifier at ${s}`);
    return decoder.decode(this.bytes.subarray(s, e));
  }

  /** Whether a line break (in whitespace or a comment) separates token `i` from the one before. */
  startsLine(i: number): boolean {
    const from = i > 0 ? (this.tok.end[i - 1] as number) : 0;
    const to = this.tok.start[i] as number;
    for (let j = from; j < to; j++) {
      const c = this.bytes[j];
      if (
        c === 10 ||
        c === 13 ||
        (c === 0xe2 && this.bytes[j + 1] === 0x80 && ((this.bytes[j + 2] as number) & 0xfe) === 0xa8)
      )
        return true;
    }
    return false;
  }

  /** 1-based line of byte `pos`; positions must come in increasing order. */
  lineOf(pos: number): number {
    const b = this.bytes;
    for (let j = this.lineAt; j < pos; j++) {
      const c = b[j];
      if (c === 10) this.line++;
      else if (c === 13) {
        if (b[j + 1] === 10) j++;
        this.line++;
      }
    }
    this.lineAt = Math.max(this.lineAt, pos);
    return this.line;
  }

  add(at: number, specifier: number, kind: ImportKind, typeOnly: boolean): void {
    const value = this.stringValue(specifier);
    this.imports.push({ specifier: value, kind, typeOnly, line: this.lineOf(this.tok.start[at] as number) });
  }
}
