/** The whole plan as one unified diff (`--dry-run`), paths as `a/<path>` / `b/<path>`. */
import { createTwoFilesPatch } from "diff";
import type { FileChange } from "../plan.js";

export function planDiff(changes: readonly FileChange[]): string {
  return changes
    .map((c) => {
      const before = c.kind === "create" ? "" : c.before;
      const after = c.kind === "delete" ? "" : c.after;
      const from = c.kind === "create" ? "/dev/null" : `a/${c.path}`;
      const to = c.kind === "delete" ? "/dev/null" : `b/${c.path}`;
      return createTwoFilesPatch(from, to, before, after, "", "", { context: 3 }).replace(/^=+\n/, "");
    })
    .join("");
}
