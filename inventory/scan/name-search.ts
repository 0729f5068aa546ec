/**
 * Which files hold which names, by a plain substring search of their raw bytes (`Buffer.indexOf`,
 * native): the scan's first question of every file. A file can declare a subclass of a name, pass
 * it on, construct it or list it only by writing the name, so a file holding none of the names
 * that matter is never lexed. What names nothing (an `export *` barrel, a default import) is asked
 * for by the steps that need it (select.ts).
 *
 * Later rounds search for new names (the subclasses found). A name that contains a name already
 * searched (`ReadFileTool` holds `Tool`) can only be in the files that one was found in, so those
 * few are tested and the rest of the tree is not read again; a batch of names with a common part
 * searches for that part too, so the next batch can narrow to it. In a file, such a name is looked
 * for among the identifiers around the occurrences of the one it narrows to (a few distinct ones),
 * not by a sweep of the file per name: hundreds of subclass names cost one sweep.
 */
import { isIdent } from "./byte-classes.js";

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
}

export class NameIndex {
  readonly searched = new Set<string>();
  private readonly files = new Map<string, Set<string>>();
  private readonly byFile = new Map<string, Set<string>>();
  /** Per file, the identifiers around a needle's hits (identifiersAround), once worked out. */
  private readonly around = new Map<string, Map<string, string[]>>();

  /** The plan for `names` (ASCII identifiers; others are left out) not searched yet; null when none is new. */
  plan(names: Iterable<string>): SearchPlan | null {
    const fresh = [...new Set(names)].filter((n) => /^[\w$]+$/.test(n) && !this.searched.has(n));
    if (fresh.length === 0) return null;
    const roots = fresh.filter((n) => !this.parentIn(n, this.searched));
    const common = roots.length > 1 ? commonPart(roots) : null;
    if (common !== null && !this.searched.has(common) && !fresh.includes(common)) fresh.push(common);
    const needles = fresh.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    const parents = new Map<string, string | null>();
    const narrowedTo = new Set<string>();
    needles.forEach((n, i) => {
      const p = this.parentIn(n, this.searched) ?? this.parentIn(n, needles.slice(0, i));
      parents.set(n, p);
      if (p !== null && this.searched.has(p)) narrowedTo.add(p);
    });
    return {
      needles,
      parents,
      wide: needles.some((n) => parents.get(n) === null),
      narrowedTo: [...narrowedTo],
    };
  }

  /** The longest of `among` (shorter than `name`) that `name` contains. */
  private parentIn(name: string, among: Iterable<string>): string | null {
    let best: string | null = null;
    for (const s of among)
      if (s.length < name.length && name.includes(s) && (best === null || s.length > best.length)) best = s;
    return best;
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
    const found: string[] = [];
    let exact = false;
    for (const n of plan.needles) {
      const p = plan.parents.get(n) ?? null;
      if (p !== null && !(this.has(file, p) || found.includes(p))) continue;
      const known = probe.cached?.(n);
      if (known !== undefined) {
        if (known) found.push(n);
        continue;
      }
      if (p !== null && this.around.get(file)?.has(p)) {
        const ids = this.identifiersAround(file, p, undefined);
        if (ids.some((id) => id.includes(n))) {
          found.push(n);
          if (!exact && ids.includes(n)) exact = true;
        }
        continue;
      }
      const buf = probe.bytes();
      if (buf === undefined) continue;
      if (p === null) {
        const at = occurrence(buf, needleBytes(n), exact);
        if (at !== "none") found.push(n);
        if (at === "word") exact = true;
        continue;
      }
      const ids = this.identifiersAround(file, p, buf);
      if (ids.some((id) => id.includes(n))) {
        found.push(n);
        if (!exact && ids.includes(n)) exact = true;
      }
    }
    for (const n of found) this.add(file, n);
    return { found, exact };
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
  private identifiersAround(file: string, needle: string, buf: Buffer | undefined): string[] {
    let byNeedle = this.around.get(file);
    const known = byNeedle?.get(needle);
    if (known !== undefined || buf === undefined) return known ?? [];
    if (byNeedle === undefined) this.around.set(file, (byNeedle = new Map()));
    const ids = identifiersAround(buf, needleBytes(needle));
    byNeedle.set(needle, ids);
    return ids;
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

const NEEDLES = new Map<string, Buffer>();
const needleBytes = (n: string): Buffer => {
  let b = NEEDLES.get(n);
  if (b === undefined) NEEDLES.set(n, (b = Buffer.from(n, "latin1")));
  return b;
};

/** The distinct identifiers (maximal `[\w$]` runs) that contain an occurrence of `part`. */
function identifiersAround(buf: Buffer, part: Buffer): string[] {
  const out = new Set<string>();
  for (let p = buf.indexOf(part); p !== -1; p = buf.indexOf(part, p + 1)) {
    let s = p;
    while (s > 0 && isIdent(buf[s - 1])) s--;
    let e = p + part.length;
    while (isIdent(buf[e])) e++;
    out.add(buf.toString("latin1", s, e));
  }
  return [...out];
}

/** Whether `needle` occurs in `buf`, and as a whole identifier somewhere ("word"; not looked for when `anyWill` is set). */
function occurrence(buf: Buffer, needle: Buffer, anyWill: boolean): "none" | "part" | "word" {
  let p = buf.indexOf(needle);
  if (p === -1) return "none";
  if (anyWill) return "part";
  for (; p !== -1; p = buf.indexOf(needle, p + 1))
    if (!isIdent(buf[p - 1]) && !isIdent(buf[p + needle.length])) return "word";
  return "part";
}
