/**
 * The lexer's operator table (lex-tokens.ts): the token an operator byte starts, read from the
 * byte and the two after it. Pure and allocation-free, since it runs once per operator.
 */
import { ID, T, wordKind } from "./token-kinds.js";

/** `kind << 2 | length` packed in one number (no object per token); decode with `>> 2` and `& 3`. */
const pack = (kind: T, len: number): number => (kind << 2) | len;

/** `-1` when `c` starts no operator. `d`, `e`: the next two bytes (undefined past the end). */
export function operatorAt(c: number, d: number | undefined, e: number | undefined): number {
  switch (c) {
    case 59:
      return pack(T.Semicolon, 1);
    case 44:
      return pack(T.Comma, 1);
    case 58:
      return pack(T.Colon, 1);
    case 61: // = == === =>
      if (d === 62) return pack(T.Arrow, 2);
      if (d === 61) return pack(T.OtherPunct, e === 61 ? 3 : 2);
      return pack(T.Equals, 1);
    case 63: // ? ?. ?? ??=
      if (d === 63) return e === 61 ? pack(T.OtherPunct, 3) : pack(T.QuestionQuestion, 2);
      if (d === 46 && !((e as number) >= 48 && (e as number) <= 57)) return pack(T.QuestionDot, 2);
      return pack(T.Question, 1);
    case 38: // & && &= &&=
      if (d === 38) return e === 61 ? pack(T.OtherPunct, 3) : pack(T.AmpAmp, 2);
      return d === 61 ? pack(T.OtherPunct, 2) : pack(T.Amp, 1);
    case 124: // | || |= ||=
      if (d === 124) return e === 61 ? pack(T.OtherPunct, 3) : pack(T.BarBar, 2);
      return d === 61 ? pack(T.OtherPunct, 2) : pack(T.Bar, 1);
    case 60: // < << <= <<= (a JSX element is the lexer's to see first)
      if (d === 60) return pack(T.OtherPunct, e === 61 ? 3 : 2);
      return d === 61 ? pack(T.OtherPunct, 2) : pack(T.LessThan, 1);
    case 42: // * ** *= **=
      if (d === 42) return pack(T.OtherPunct, e === 61 ? 3 : 2);
      return d === 61 ? pack(T.OtherPunct, 2) : pack(T.Asterisk, 1);
    case 43:
    case 45: // + ++ += - -- -=
      if (d === c) return pack(c === 43 ? T.PlusPlus : T.MinusMinus, 2);
      return pack(T.OtherPunct, d === 61 ? 2 : 1);
    case 37: // % %=
    case 94: // ^ ^=
      return pack(T.OtherPunct, d === 61 ? 2 : 1);
    case 62: // > (one at a time, as TypeScript's scanner gives it)
      return pack(T.GreaterThan, 1);
    case 126: // ~
    case 64: // @
      return pack(T.OtherPunct, 1);
    default:
      return -1;
  }
}

/**
 * Whether the `<` at `at`, where an expression may start, opens a JSX element rather than a
 * generic signature (`<T,>`, `<T extends U>`, `<T>(`).
 */
export function opensJsxElement(b: Uint8Array, at: number, n: number): boolean {
  let j = at + 1;
  if (b[j] === 62) return true; // a fragment
  if (ID[b[j] as number] !== 1) return false;
  const s = j;
  while (j < n && ID[b[j] as number] !== 0) j++;
  const nameEnd = j;
  while (b[j] === 32 || b[j] === 9 || b[j] === 10 || b[j] === 13) j++;
  if (b[j] === 44) return false;
  if (wordKind(b, s, nameEnd) === T.Const) return false; // <const T,>
  if (b[j] === 101 && wordKind(b, j, j + 7) === T.Extends && ID[b[j + 7] as number] === 0) return false;
  if (b[j] === 62) {
    let k = j + 1;
    while (b[k] === 32 || b[k] === 9) k++;
    if (b[k] === 40) return false;
  }
  return true;
}
