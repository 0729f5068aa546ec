/**
 * Byte classes for the byte-level passes of the scan (gate, structure, name search), which read
 * past either end of a buffer as `undefined`: that is in no class.
 */
import { isIdentCode } from "../extract/liveness.js";

/** An identifier byte: ASCII letter, digit, `_` or `$`. */
export const isIdent = (c: number | undefined) => c !== undefined && isIdentCode(c);
