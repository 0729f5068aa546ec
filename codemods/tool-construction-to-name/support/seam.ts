/**
 * Seam awareness: when a rewrite makes a file on the tools side import the capabilities side
 * (the reverse of the allowed direction), the unit says so, naming the seam's reason and the
 * config exception that would allow a belt-assembly file. Globs come from lib/config/seam.ts.
 */
import { DEFAULT_SEAM_CONFIG, type SeamDefinition } from "../../../lib/config/seam.js";

function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === "*" && glob[i + 1] === "*") {
      const slash = glob[i + 2] === "/";
      out += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (ch === "*") out += "[^/]*";
    else if (ch === "?") out += "[^/]";
    else out += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

const cache = new Map<string, RegExp>();
export function matchesGlob(path: string, glob: string): boolean {
  let re = cache.get(glob);
  if (!re) {
    re = globToRegExp(glob);
    cache.set(glob, re);
  }
  return re.test(path);
}

/** A warning when `importer` → `target` crosses a seam in the forbidden direction, else null. */
export function reverseSeamWarning(
  importer: string,
  target: string,
  seams: readonly SeamDefinition[] = DEFAULT_SEAM_CONFIG.seams,
): string | null {
  for (const seam of seams) {
    if (!seam.from.some((g) => matchesGlob(importer, g)) || !seam.to.some((g) => matchesGlob(target, g))) continue;
    const exception = seam.exceptions.find((e) => matchesGlob(importer, e.from));
    if (exception) continue;
    return (
      `warning: reverse-seam import (${seam.name}): ${importer} now imports ${target}; ` +
      `if this is a belt-assembly file add { "from": "${importer}", "reason": "belt assembly" } to seam.exceptions ` +
      `in capkit.config.json, otherwise move the construction out of the tools side`
    );
  }
  return null;
}
