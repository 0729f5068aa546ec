/**
 * What a scan (the inventory, lint) could not read or parse, counted as what it is: a folder
 * that could not be listed (every file below it is missing) apart from a file that could not be
 * read or parsed. One home for the message that marks a folder and for the "N folders and M
 * files" wording, so the reporters (table, JSON's ratchet hint, Markdown, GitHub), the baseline
 * refusal, lint and migrate count the same way. Takes problems shaped `{ file, message }`.
 */

export interface PathProblem {
  readonly file: string;
  readonly message: string;
}

const FOLDER = "cannot read folder: ";

/** The message of a folder that could not be listed (`code`: EACCES, EIO…). */
export function folderProblemMessage(code: string): string {
  return `${FOLDER}${code}`;
}

/** Whether the problem is a folder that could not be listed (not a file). */
export function isFolderProblem(p: PathProblem): boolean {
  return p.message.startsWith(FOLDER);
}

export interface Unscanned {
  /** Folders that could not be listed, sorted, each once. */
  readonly folders: readonly string[];
  /** Files that could not be read or parsed, sorted, each once (whatever the number of problems each has). */
  readonly files: readonly string[];
}

export function unscannedPaths(problems: readonly PathProblem[]): Unscanned {
  const folders = new Set<string>();
  const files = new Set<string>();
  for (const p of problems) (isFolderProblem(p) ? folders : files).add(p.file);
  return { folders: [...folders].sort(), files: [...files].sort() };
}

const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** "1 folder", "2 files", "1 folder and 3 files" ("nothing" when both are empty). */
export function unscannedCount(u: Unscanned): string {
  const parts = [
    ...(u.folders.length ? [counted(u.folders.length, "folder")] : []),
    ...(u.files.length ? [counted(u.files.length, "file")] : []),
  ];
  return parts.length ? parts.join(" and ") : "nothing";
}

/** How many paths the count names (for "was" / "were", "its" / "their"). */
export function unscannedTotal(u: Unscanned): number {
  return u.folders.length + u.files.length;
}

/** The first `max` paths, folders first, with how many more there are. */
export function unscannedList(u: Unscanned, max: number): string {
  const all = [...u.folders, ...u.files];
  const more = all.length - max;
  return all.slice(0, max).join(", ") + (more > 0 ? `, … ${more} more` : "");
}
