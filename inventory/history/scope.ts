/**
 * The scan scope (config `scan.include` / `scan.exclude`, fast-glob syntax) applied to paths
 * listed from a git tree, where there is no file system to glob. Supports what the scope
 * patterns use: `**`, `*`, `?`, `{a,b}` alternatives and `[...]` classes; dotfiles match.
 * Also derives the static folders the patterns live under, to narrow `git ls-tree`.
 */

function escapeRegex(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

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

function closingBrace(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === "{") depth++;
    else if (glob[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

function toSource(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === "*" && glob[i + 1] === "*") {
      const slashAfter = glob[i + 2] === "/";
      const atSegmentStart = i === 0 || glob[i - 1] === "/";
      if (atSegmentStart && slashAfter) {
        out += "(?:[^/]*/)*"; // `**/` — zero or more whole segments
        i += 2;
      } else {
        out += ".*";
        i += 1;
      }
    } else if (ch === "*") out += "[^/]*";
    else if (ch === "?") out += "[^/]";
    else if (ch === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end < 0) out += "\\[";
      else {
        out += `[${glob.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else if (ch === "{") {
      const end = closingBrace(glob, i);
      if (end < 0) out += "\\{";
      else {
        out += `(?:${splitAlternatives(glob.slice(i + 1, end)).map(toSource).join("|")})`;
        i = end;
      }
    } else out += escapeRegex(ch);
  }
  return out;
}

export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${toSource(glob.replace(/^\.\//, ""))}$`);
}

export interface Scope {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

export function scopeMatcher(scope: Scope): (path: string) => boolean {
  const include = scope.include.map(globToRegExp);
  const exclude = scope.exclude.map(globToRegExp);
  return (path) => include.some((r) => r.test(path)) && !exclude.some((r) => r.test(path));
}

/** The literal leading folders of the include patterns ("packages" for `packages/**`); [] when any starts with a glob. */
export function staticFolders(scope: Scope): string[] {
  const out = new Set<string>();
  for (const pattern of scope.include) {
    const segments = pattern.replace(/^\.\//, "").split("/");
    const literal: string[] = [];
    for (const s of segments.slice(0, -1)) {
      if (/[*?[\]{}!]/.test(s)) break;
      literal.push(s);
    }
    if (!literal.length) return [];
    out.add(literal.join("/"));
  }
  return [...out].sort();
}
