/**
 * Builds small git repositories with a scripted history in os.tmpdir() for the history
 * tests and the bench: each step writes/deletes files and commits with a fixed date, so
 * shas and dates are reproducible.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface Step {
  readonly subject: string;
  /** path → content; null deletes the file. */
  readonly files: Readonly<Record<string, string | null>>;
}

export function git(root: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  return execFileSync("git", args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: root, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export function makeRepo(prefix = "capkit-history-"): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  git(root, ["init", "-q", "-b", "main"]);
  git(root, ["config", "user.email", "test@example.com"]);
  git(root, ["config", "user.name", "capkit test"]);
  git(root, ["config", "commit.gpgsign", "false"]);
  return root;
}

export function commitStep(root: string, step: Step, index: number): void {
  for (const [path, content] of Object.entries(step.files)) {
    const abs = join(root, path);
    if (content === null) rmSync(abs, { force: true });
    else {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
  }
  git(root, ["add", "-A"]);
  const date = new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString();
  git(root, ["commit", "-q", "--allow-empty", "-m", step.subject], { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
}

export function buildRepo(steps: readonly Step[], prefix?: string): string {
  const root = makeRepo(prefix);
  steps.forEach((step, i) => commitStep(root, step, i));
  return root;
}
