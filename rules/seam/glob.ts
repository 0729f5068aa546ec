/**
 * Root-relative glob matching for seam and spec configuration: `**`, `*`, `?`, `{a,b}` and
 * `[...]` over `/`-separated paths. Compiled patterns are cached; consumed by seam-sides.ts.
 */

const cache = new Map<string, RegExp>();

function escape(ch: string): string {
  return /[.+^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch;
}

export function globToRegExp(glob: string): RegExp {
  const cached = cache.get(glob);
  if (cached) return cached;
  let out = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === "*") {
      if (glob[i + 1] === "*") {
        const atStart = i === 0 || glob[i - 1] === "/";
        const slashAfter = glob[i + 2] === "/";
        if (atStart && slashAfter) {
          out += "(?:[^/]*/)*";
          i += 2;
        } else {
          out += ".*";
          i += 1;
        }
      } else {
        out += "[^/]*";
      }
    } else if (ch === "?") out += "[^/]";
    else if (ch === "{") {
      braces++;
      out += "(?:";
    } else if (ch === "}" && braces > 0) {
      braces--;
      out += ")";
    } else if (ch === "," && braces > 0) out += "|";
    else if (ch === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end === -1) out += "\\[";
      else {
        out += `[${glob.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else out += escape(ch);
  }
  const re = new RegExp(`^${out}$`);
  cache.set(glob, re);
  return re;
}

/**
 * True when the root-relative path matches a glob of the list and no `!`-prefixed exclusion
 * (e.g. ["runtime/**", "!runtime/sandbox/**"]).
 */
export function matchesAny(path: string, globs: readonly string[]): boolean {
  let hit = false;
  for (const g of globs) {
    if (g.startsWith("!")) {
      if (globToRegExp(g.slice(1)).test(path)) return false;
    } else if (!hit && globToRegExp(g).test(path)) hit = true;
  }
  return hit;
}
