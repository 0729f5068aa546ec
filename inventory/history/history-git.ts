/**
 * The few plumbing git commands the history backfill needs besides `cat-file --batch`, run
 * without a checkout: the first-parent commit list of a ref, and the scanned root's place in
 * the repository.
 */
import { execFile } from "node:child_process";
import { EnvironmentError, UsageError } from "../../lib/errors.js";

const MAX_BUFFER = 1024 * 1024 * 1024;

export function git(root: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("git", args, { cwd: root, maxBuffer: MAX_BUFFER, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") {
          reject(
            new EnvironmentError("git is not installed or not on PATH", {
              hint: "install git, then run the command again",
            }),
          );
          return;
        }
        reject(
          new EnvironmentError(`git ${args[0]} failed in ${root}: ${(stderr || error.message).trim()}`, {
            hint: "run it inside a git repository with at least one commit (or pass its path as root)",
          }),
        );
        return;
      }
      resolve(stdout);
    });
  });
}

export interface CommitInfo {
  readonly sha: string;
  readonly date: string;
  readonly subject: string;
}

/** The last `count` commits of `ref`'s first-parent line, oldest → newest. */
export async function listCommits(root: string, ref: string, count: number): Promise<CommitInfo[]> {
  if (!Number.isInteger(count) || count < 1) {
    throw new UsageError(`--history needs a positive whole number of commits, got ${count}`, {
      hint: "e.g. --history 30",
    });
  }
  const out = await git(root, [
    "rev-list",
    "--first-parent",
    `--max-count=${count}`,
    "--format=%H%x00%cI%x00%s",
    ref,
    "--",
  ]);
  const commits: CommitInfo[] = [];
  for (const line of out.split("\n")) {
    if (!line || line.startsWith("commit ")) continue;
    const [sha = "", date = "", subject = ""] = line.split("\0");
    const parsed = new Date(date);
    commits.push({ sha, date: Number.isNaN(parsed.getTime()) ? date : parsed.toISOString(), subject });
  }
  return commits.reverse();
}
