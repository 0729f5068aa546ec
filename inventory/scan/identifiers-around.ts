/**
 * The identifiers around a needle's occurrences in a file (name-search.ts): what a later search
 * for a longer name holding the needle asks instead of the file's bytes.
 */
import { isIdent, latin1 } from "./byte-classes.js";
import { RareNeedle } from "./rare-search.js";

/** A needle and the distinct identifiers around its occurrences in a file (IdentifiersAround, as data). */
export type AroundEntry = readonly [needle: string, ids: readonly string[]];

const NEEDLES = new Map<string, RareNeedle>();
/** The needle as a RareNeedle, made once a process. */
export const needleBytes = (n: string): RareNeedle => {
  let b = NEEDLES.get(n);
  if (b === undefined) NEEDLES.set(n, (b = new RareNeedle(n)));
  return b;
};

/** Shapes as numbers (no string made per name asked): names are far shorter than this. */
const SHAPE = 2 ** 26;

/**
 * The distinct identifiers (maximal `[\w$]` runs) around the occurrences of `part`, asked
 * whether one of them is, or contains, a name holding `part`. A name holding `part` at offset k
 * is in an identifier exactly when the identifier's slice of the name's length, starting k before
 * an occurrence of `part`, is the name; each (offset, length) shape gets one set of such slices,
 * so thousands of names cost a lookup each, not a sweep of the identifiers per name.
 */
export class IdentifiersAround {
  private readonly ids: ReadonlySet<string>;
  /** Each identifier with each offset of `part` in it. */
  private readonly at: { readonly id: string; readonly q: number }[] = [];
  /** By shape (the part's offset in a name, and the name's length: `offset * SHAPE + length`). */
  private readonly slices = new Map<number, Set<string>>();

  /** `ids`: the distinct identifiers holding `part`, in the order of their first occurrence. */
  constructor(
    private readonly part: string,
    ids: Iterable<string>,
  ) {
    this.ids = new Set(ids);
    for (const id of this.ids)
      for (let q = id.indexOf(part); q !== -1; q = id.indexOf(part, q + 1)) this.at.push({ id, q });
  }

  /** The identifiers around the occurrences of `part` in `buf`. */
  static in(buf: Buffer, part: string): IdentifiersAround {
    const needle = needleBytes(part);
    const ids = new Set<string>();
    for (let p = needle.indexIn(buf); p !== -1; p = needle.indexIn(buf, p + 1)) {
      let s = p;
      while (s > 0 && isIdent(buf[s - 1])) s--;
      let e = p + needle.bytes.length;
      while (isIdent(buf[e])) e++;
      ids.add(latin1(buf, s, e));
    }
    return new IdentifiersAround(part, ids);
  }

  /** The identifiers, in the order of their first occurrence. */
  get list(): string[] {
    return [...this.ids];
  }

  /** Is `name` one of the identifiers? */
  isOne(name: string): boolean {
    return this.ids.has(name);
  }

  /** Is `name` (a name holding `part`) one of the identifiers or inside one? */
  hold(name: string): boolean {
    if (this.ids.has(name)) return true;
    const k = name.indexOf(this.part);
    if (k === -1) return false;
    const shape = k * SHAPE + name.length;
    let slices = this.slices.get(shape);
    if (slices === undefined) {
      slices = new Set();
      for (const { id, q } of this.at)
        if (q >= k && q - k + name.length <= id.length) slices.add(id.slice(q - k, q - k + name.length));
      this.slices.set(shape, slices);
    }
    return slices.has(name);
  }
}
