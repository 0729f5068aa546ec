/**
 * How far a saved history is behind the repository: the dashboard renders a saved
 * `history.json` as is (it never rescans), so a trend that ends commits before HEAD must be
 * named as such, with its age. Returns data; `capkit dashboard` words it.
 */
import { git } from "./history-git.js";
import type { HistoryResult } from "./types.js";

export interface HistoryStaleness {
  /** When the saved history was computed (its generatedAt). */
  readonly generatedAt: string;
  readonly commits: number;
  /** The newest commit the trend reaches, or null for an empty history. */
  readonly newest: string | null;
  /** The repository's HEAD now, or null when it could not be read (no git, no commit). */
  readonly head: string | null;
  /** First-parent commits on HEAD after the trend's newest; null when unknown (HEAD unreadable, or the newest is not an ancestor). */
  readonly behind: number | null;
}

export async function historyStaleness(root: string, history: HistoryResult): Promise<HistoryStaleness> {
  const newest = history.commits.at(-1)?.sha ?? null;
  const base = { generatedAt: history.generatedAt, commits: history.commits.length, newest };
  const head = await git(root, ["rev-parse", "HEAD"]).then(
    (out) => out.trim(),
    () => null,
  );
  if (head === null || newest === null) return { ...base, head, behind: null };
  if (head === newest) return { ...base, head, behind: 0 };
  const ancestor = await git(root, ["merge-base", "--is-ancestor", newest, "HEAD"]).then(
    () => true,
    () => false,
  );
  const behind = ancestor
    ? await git(root, ["rev-list", "--first-parent", "--count", `${newest}..HEAD`, "--"]).then(
        (out) => Number(out.trim()),
        () => null,
      )
    : null;
  return { ...base, head, behind };
}
