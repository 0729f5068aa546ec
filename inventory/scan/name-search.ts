/**
 * Which files hold which names, by a plain substring search of their raw bytes (`Buffer.indexOf`,
 * native): the scan's first question of every file. A file can declare a subclass of a name, pass
 * it on, construct it or list it only by writing the name, so a file holding none of the names
 * that matter is never lexed. What names nothing (an `export *` barrel, a default import) is asked
 * for by the steps that need it (select-files.ts).
 *
 * Later rounds search for new names (the subclasses found). A name that contains a name already
 * searched (`ReadFileTool` holds `Tool`) can only be in the files that one was found in, so those
 * few are tested and the rest of the tree is not read again; a batch of names with a common part
 * searches for that part too, so the next batch can narrow to it. In a file, such a name is looked
 * for among the identifiers around the occurrences of the one it narrows to (a few distinct ones),
 * not by a sweep of the file per name: hundreds of subclass names cost one sweep.
 */
import { isIdent } from "./byte-classes.js";
import { IdentifiersAround, needleBytes, type AroundEntry } from "./identifiers-around.js";
import type { RareNeedle } from "./rare-search.js";

export type { AroundEntry } from "./identifiers-around.js";

/** The longest substring (three characters or more) every name contains, or null. */
export function commonPart(names: readonly string[]): string | null {
  const shortest = [...names].sort((a, b) => a.length - b.length)[0] ?? "";
  for (let len = shortest.length; len >= 3; len--) {
    for (let i = 0; i + len <= shortest.length; i++) {
      const sub = shortest.slice(i, i + len);
      if (names.every((n) => n.includes(sub))) return sub;
    }
  }
  return null;
}

/** A batch of names to search, shortest first, each with the shorter needle it contains (or null). */
export interface SearchPlan {
  readonly needles: readonly string[];
  readonly parents: ReadonlyMap<string, string | null>;
  /** Some needle contains no needle already searched: every file must be tested. */
  readonly wide: boolean;
  /** The searched needles the others narrow to: with `wide` false, only their files are tested. */
  readonly narrowedTo: readonly string[];
  /** The needles with no parent, as bytes: a file holding none of them (and no needle yet) holds no needle of the plan. */
  readonly roots: readonly RareNeedle[];
}

export class NameIndex {
  readonly searched = new Set<string>();
  private readonly files = new Map<string, Set<string>>();
  private readonly byFile = new Map<string, Set<string>>();
  /** Per file, the identifiers around a needle's hits (identifiersAround), once worked out. */
  private readonly around = new Map<string, Map<string, IdentifiersAround>>();

  /** The plan for `names` (ASCII identifiers; others are left out) not searched yet; null when none is new. */
  plan(names: Iterable<string>): SearchPlan | null {
    const fresh = [...new Set(names)].filter((n) => /^[\w$]+$/.test(n) && !this.searched.has(n));
    if (fresh.length === 0) return null;
    const roots = fresh.filter((n) => !longestPartOf(n, this.searched));
    const common = roots.length > 1 ? commonPart(roots) : null;
    if (common !== null && !this.searched.has(common) && !fresh.includes(common)) fresh.push(common);
    const needles = fresh.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    const parents = new Map<string, string | null>();
    const narrowedTo = new Set<string>();
    // Needles shorter than n come before it in `needles`, and one of n's own length is no part of n.
    const all = new Set(needles);
    for (const n of needles) {
      const p = longestPartOf(n, this.searched) ?? longestPartOf(n, all);
      parents.set(n, p);
      if (p !== null && this.searched.has(p)) narrowedTo.add(p);
    }
    return {
      needles,
      parents,
      wide: needles.some((n) => parents.get(n) === null),
      narrowedTo: [...narrowedTo],
      roots: needles.filter((n) => parents.get(n) === null).map(needleBytes),
    };
  }

  /** Files some needle of `needles` was found in. */
  filesWith(needles: readonly string[]): Set<string> {
    const out = new Set<string>();
    for (const n of needles) for (const f of this.files.get(n) ?? []) out.add(f);
    return out;
  }

  has(file: string, needle: string): boolean {
    return this.byFile.get(file)?.has(needle) === true;
  }

  add(file: string, needle: string): void {
    let fs = this.files.get(needle);
    if (!fs) this.files.set(needle, (fs = new Set()));
    fs.add(file);
    let ns = this.byFile.get(file);
    if (!ns) this.byFile.set(file, (ns = new Set()));
    ns.add(needle);
  }

  /** The searched needles the file holds. */
  hitsOf(file: string): string[] {
    return [...(this.byFile.get(file) ?? [])];
  }

  /**
   * The needles of `plan` the file holds (as substrings), and whether one of them stands there as
   * a whole identifier (`exact`: only then can the file name it; a substring hit only narrows
   * later searches). `cached(n)` answers for a needle when it can (a stat-cache entry), else the
   * bytes are searched; a needle whose parent the file lacks is not asked for.
   */
  test(file: string, plan: SearchPlan, probe: Probe): { found: string[]; exact: boolean } {
    if (this.holdsNone(file, plan, probe)) return { found: [], exact: false };
    const found = new Set<string>();
    let exact = false;
    // What the file holds is only added after the loop: looked up once, not once a needle.
    const held = this.byFile.get(file);
    let aroundHere = this.around.get(file);
    for (const n of plan.needles) {
      const p = plan.parents.get(n) ?? null;
      if (p !== null && !(held?.has(p) === true || found.has(p))) continue;
      const known = probe.cached?.(n);
      if (known !== undefined) {
        if (known) found.add(n);
        continue;
      }
      const remembered = p === null ? undefined : aroundHere?.get(p);
      if (remembered !== undefined) {
        if (remembered.hold(n)) {
          found.add(n);
          if (!exact && remembered.isOne(n)) exact = true;
        }
        continue;
      }
      const buf = probe.bytes();
      if (buf === undefined) continue;
      if (p === null) {
        const at = occurrence(buf, needleBytes(n), exact);
        if (at !== "none") found.add(n);
        if (at === "word") exact = true;
        continue;
      }
      const ids = this.identifiersAround(file, p, buf);
      aroundHere ??= this.around.get(file);
      if (ids.hold(n)) {
        found.add(n);
        if (!exact && ids.isOne(n)) exact = true;
      }
    }
    for (const n of found) this.add(file, n);
    return { found: [...found], exact };
  }

  /**
   * Does the file hold no needle of the plan, by one native search per root needle? Only for a
   * file that holds no needle so far and is asked by its bytes: then a needle with a parent is
   * found only where its parent is, and every chain of parents starts at a root. Most files of a
   * tree hold none, and this spares them the per-needle bookkeeping below.
   */
  private holdsNone(file: string, plan: SearchPlan, probe: Probe): boolean {
    if (probe.cached !== undefined || this.byFile.has(file)) return false;
    const buf = probe.bytes();
    if (buf === undefined) return false;
    for (const root of plan.roots) if (root.indexIn(buf) !== -1) return false;
    return true;
  }

  /**
   * Works out now, while the bytes are at hand, the identifiers around each needle the file
   * holds: a later search for a longer name then needs neither the file's bytes nor a new read
   * (the scan keeps no copy of a file that holds a name only inside longer identifiers).
   */
  remember(file: string, buf: Buffer): void {
    for (const n of this.byFile.get(file) ?? []) this.identifiersAround(file, n, buf);
  }

  /** The identifiers around `needle` in the file: remembered, else from `buf` (and remembered). */
  private identifiersAround(file: string, needle: string, buf: Buffer): IdentifiersAround {
    let byNeedle = this.around.get(file);
    const known = byNeedle?.get(needle);
    if (known !== undefined) return known;
    if (byNeedle === undefined) this.around.set(file, (byNeedle = new Map()));
    const ids = IdentifiersAround.in(buf, needle);
    byNeedle.set(needle, ids);
    return ids;
  }

  /**
   * What the index learnt of a file (the needles it holds, in the order found, and the
   * identifiers around them), as data another thread can send: the first read of a tree may be
   * done by two threads (first-read.ts), each with an index of its own.
   */
  learntOf(file: string): { readonly found: readonly string[]; readonly around: readonly AroundEntry[] } {
    const around = [...(this.around.get(file) ?? [])].map(([n, ids]): AroundEntry => [n, ids.list]);
    return { found: this.hitsOf(file), around };
  }

  /** Takes on what another index learnt of a file (`learntOf`) no search of this one has seen. */
  adopt(file: string, found: readonly string[], around: readonly AroundEntry[]): void {
    for (const n of found) this.add(file, n);
    if (around.length > 0) this.around.set(file, new Map(around.map(([n, ids]) => [n, new IdentifiersAround(n, ids)])));
  }

  /** Marks the plan's needles searched in every file (call once every file has been tested or ruled out). */
  done(plan: SearchPlan): void {
    for (const n of plan.needles) this.searched.add(n);
  }
}

/** How a file is asked: from a cache entry when it answers (true/false), else from its bytes. */
export interface Probe {
  cached?(needle: string): boolean | undefined;
  bytes(): Buffer | undefined;
}

/**
 * The longest of `among` shorter than `name` that `name` contains (the first in `among`'s order
 * among equally long ones), or null. A big `among` (thousands of subclass names) is asked once
 * per substring of `name` instead of being swept for every name.
 */
export function longestPartOf(name: string, among: ReadonlySet<string>): string | null {
  if (among.size <= name.length * 4) {
    let best: string | null = null;
    for (const s of among)
      if (s.length < name.length && name.includes(s) && (best === null || s.length > best.length)) best = s;
    return best;
  }
  for (let len = name.length - 1; len > 0; len--) {
    let best: string | null = null;
    for (let i = 0; i + len <= name.length; i++) {
      const s = name.slice(i, i + len);
      if (among.has(s) && (best === null || firstIn(among, s, best))) best = s;
    }
    if (best !== null) return best;
  }
  return null;
}

/** Is `a` before `b` in the set's order? (Only for a tie between two parts of one name: rare.) */
function firstIn(set: ReadonlySet<string>, a: string, b: string): boolean {
  for (const s of set) {
    if (s === a) return true;
    if (s === b) return false;
  }
  return false;
}

/** Whether `needle` occurs in `buf`, and as a whole identifier somewhere ("word"; not looked for when `anyWill` is set). */
function occurrence(buf: Buffer, needle: RareNeedle, anyWill: boolean): "none" | "part" | "word" {
  let p = needle.indexIn(buf);
  if (p === -1) return "none";
  if (anyWill) return "part";
  const n = needle.bytes.length;
  for (; p !== -1; p = needle.indexIn(buf, p + 1)) if (!isIdent(buf[p - 1]) && !isIdent(buf[p + n])) return "word";
  return "part";
}
