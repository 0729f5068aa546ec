/**
 * textHash(text): a 64-bit hash of a string (two 32-bit FNV-1a lanes, hex), for keys of the
 * caches that stay on one machine (the stat cache, its listing and memo). Not a checksum
 * against tampering: there is no adversary there, only the need for a different key when the
 * text differs, without loading node:crypto on every start.
 */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
