/**
 * Seam awareness: when a rewrite makes a file on the tools side import the capabilities side
 * (the reverse of the allowed direction), the unit says so, naming the seam's reason and the
 * config exception that would allow a belt-assembly file. Globs come from lib/config/seam.ts and
 * match through the lint's own matcher (lib/glob-list.ts).
 */
import { DEFAULT_SEAM_CONFIG, type SeamDefinition } from "../../lib/config/seam.js";
import { matchesAny } from "../../lib/glob-list.js";
import { exceptionFor } from "../../lib/config/seam-sides.js";

/** A warning when `importer` → `target` crosses a seam in the forbidden direction, else null. */
export function reverseSeamWarning(
  importer: string,
  target: string,
  seams: readonly SeamDefinition[] = DEFAULT_SEAM_CONFIG.seams,
): string | null {
  for (const seam of seams) {
    // The lint's own matching (`!` exclusions, `{a,b}`), so migrate warns exactly where lint will fail.
    if (!matchesAny(importer, seam.from) || !matchesAny(target, seam.to)) continue;
    if (exceptionFor(seam, importer)) continue;
    return (
      `warning: reverse-seam import (${seam.name}): ${importer} now imports ${target}; ` +
      `if this is a belt-assembly file add { "from": "${importer}", "reason": "belt assembly" } to seam.exceptions ` +
      `in capkit.config.json, otherwise move the construction out of the tools side`
    );
  }
  return null;
}
