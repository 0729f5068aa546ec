/**
 * Byte classes for the byte-level passes of the scan (gate, structure, name search), which read
 * past either end of a buffer as `undefined`: that is in no class.
 */
import { isIdentCode } from "../extract/liveness.js";

/** An identifier byte: ASCII letter, digit, `_` or `$`. */
export const isIdent = (c: number | undefined) => c !== undefined && isIdentCode(c);

/**
 * Buffer's own latin1 slice of b[s, e) (what `toString("latin1", s, e)` ends in, without its
 * argument checks, which dominate on identifiers this short). Both ends must lie in the buffer.
 */
export const latin1 = (b: Buffer, s: number, e: number): string =>
  (b as Buffer & { latin1Slice(s: number, e: number): string }).latin1Slice(s, e);
