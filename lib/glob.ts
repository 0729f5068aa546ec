/**
 * capkit's one glob dialect, compiled to RegExp over root-relative `/` paths: `**`, `*`, `?`,
 * `{a,b}` alternatives (nested) and `[...]` classes (`[!...]` or `[^...]` negates). A leading
 * `./` is ignored. Consumers: the seam lint (lib/glob-list.ts, `dot: true`) and the scan
 * scope (lib/scope-rules.ts, `dot: false` for includes, as fast-glob does).
 *
 * `dot: false` is fast-glob's `dot: false`, checked against fast-glob 3.3 (its micromatch):
 * `*`, `?` and `**` never match a segment that starts with `.`, while a literal `.` in the
 * pattern does (`packages/.config/**`). Classes are not guarded: fast-glob lets `[!c]b.ts`
 * match `.b.ts`, so we do too. Everything else is the same under both options.
 */

export interface GlobOptions {
  /** true: wildcards match dot segments too; false: as fast-glob `dot: false`. */
  readonly dot: boolean;
}

const cache = new Map<string, RegExp>();

/** Not at the start of a segment, or not followed by a dot: guards a wildcard under `dot: false`. */
const NO_DOT_SEGMENT = "(?!(?<=^|/)\\.)";

function escapeRegex(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

/** The top-level alternatives of a brace body (`a,b{c,d}` → `a`, `b{c,d}`). */
function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === "{") depth++;
    else if (ch === "}") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** Index of the `}` closing the `{` at `open`, or -1 when it never closes. */
function closingBrace(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === "{") depth++;
    else if (glob[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

function toSource(glob: string, dot: boolean): string {
  const guard = dot ? "" : NO_DOT_SEGMENT;
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === "*" && glob[i + 1] === "*") {
      const atSegmentStart = i === 0 || glob[i - 1] === "/";
      if (atSegmentStart && glob[i + 2] === "/") {
        out += `(?:${guard}[^/]*/)*`; // `**/`: zero or more whole segments
        i += 2;
      } else {
        // `**` elsewhere: anything, slashes included (minus dot segments under dot: false)
        out += dot ? ".*" : `(?:${guard}[^/]*(?:/${guard}[^/]*)*)`;
        i += 1;
      }
    } else if (ch === "*") out += `${guard}[^/]*`;
    else if (ch === "?") out += `${guard}[^/]`;
    else if (ch === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end < 0) out += "\\[";
      else {
        const body = glob.slice(i + 1, end).replace(/\\/g, "\\\\");
        // A negated class never matches the separator (`a[!x]b` is not `a/b`).
        out += /^[!^]/.test(body) ? `[^${body.slice(1)}/]` : `[${body}]`;
        i = end;
      }
    } else if (ch === "{") {
      const end = closingBrace(glob, i);
      if (end < 0) out += "\\{";
      else {
        out += `(?:${splitAlternatives(glob.slice(i + 1, end))
          .map((alt) => toSource(alt, dot))
          .join("|")})`;
        i = end;
      }
    } else out += escapeRegex(ch);
  }
  return out;
}

const sources = new Map<string, string>();

function globSource(glob: string, options: GlobOptions): string {
  const key = `${options.dot ? "d" : "n"}:${glob}`;
  let source = sources.get(key);
  if (source === undefined) {
    source = toSource(glob.replace(/^\.\//, ""), options.dot);
    sources.set(key, source);
  }
  return source;
}

/** The anchored RegExp of one glob; cached per glob and option. */
export function globToRegExp(glob: string, options: GlobOptions): RegExp {
  const key = `${options.dot ? "d" : "n"}:${glob}`;
  let re = cache.get(key);
  if (!re) {
    re = new RegExp(`^${globSource(glob, options)}$`);
    cache.set(key, re);
  }
  return re;
}

/** One anchored RegExp that matches when any of the globs does (never, for an empty list). */
export function anyGlobRegExp(globs: readonly string[], options: GlobOptions): RegExp {
  if (!globs.length) return /(?!)/;
  return new RegExp(`^(?:${globs.map((g) => globSource(g, options)).join("|")})$`);
}

/**
 * Every brace-free pattern a glob stands for (`a/{b,c{d,e}}` → `a/b`, `a/cd`, `a/ce`), the way
 * fast-glob expands patterns before it walks. An unclosed `{` stays literal.
 */
export function expandBraces(glob: string): string[] {
  for (let open = glob.indexOf("{"); open >= 0; open = glob.indexOf("{", open + 1)) {
    const close = closingBrace(glob, open);
    if (close < 0) continue;
    const head = glob.slice(0, open);
    const tails = expandBraces(glob.slice(close + 1));
    const out = new Set<string>();
    for (const alt of splitAlternatives(glob.slice(open + 1, close))) {
      for (const middle of expandBraces(alt)) for (const tail of tails) out.add(head + middle + tail);
    }
    return [...out];
  }
  return [glob];
}

/** Why a glob is outside the dialect above, or null when it is inside. */
export function globDialectProblem(glob: string): string | null {
  const g = glob.replace(/^\.\//, "");
  if (!g) return "empty pattern";
  if (g.startsWith("!")) return "`!` negation";
  if (g.includes("\\")) return "backslash escape";
  if (/[()|]/.test(g)) return "extglob or `( | )` group";
  if (g.startsWith("/") || g.endsWith("/") || g.includes("//")) return "absolute path, trailing or doubled `/`";
  if (g.split("/").some((s) => s === "." || s === "..")) return "`.` or `..` segment";
  if (g.split("/").some((s) => s.includes("**") && s !== "**")) return "`**` inside a segment";
  let depth = 0;
  for (let i = 0; i < g.length; i++) {
    const ch = g[i];
    if (ch === "[") {
      const end = g.indexOf("]", i + 1);
      const body = end < 0 ? "" : g.slice(i + 1, end);
      if (end < 0 || /^[!^]?$/.test(body) || /[[/]/.test(body)) return "malformed or POSIX `[...]` class";
      i = end;
    } else if (ch === "]") return "stray `]`";
    else if (ch === "{") {
      const end = closingBrace(g, i);
      if (end < 0) return "unclosed `{`";
      const body = g.slice(i + 1, end);
      if (/\.\./.test(body)) return "`{a..b}` range";
      if (splitAlternatives(body).length < 2) return "`{...}` without alternatives";
      depth++;
    } else if (ch === "}") {
      if (depth === 0) return "stray `}`";
      depth--;
    }
  }
  return null;
}

/** True when the glob uses only this dialect, so it compiles to the same matches as fast-glob's. */
export function isPlainGlob(glob: string): boolean {
  return globDialectProblem(glob) === null;
}
