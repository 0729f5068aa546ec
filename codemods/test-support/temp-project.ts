/** Test helper: a throwaway git repo under os.tmpdir() seeded from a fixture folder, and a file snapshot. */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listTreeFiles } from "../runner/tree-files.js";

export function tempProject(from: string, extra: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-migrate-"));
  cpSync(from, root, { recursive: true });
  for (const [path, text] of Object.entries(extra)) writeFileSync(join(root, path), text);
  const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=test@capkit", "-c", "user.name=capkit test", "commit", "-qm", "seed");
  execFileSync("git", ["-C", root, "config", "user.email", "test@capkit"]);
  execFileSync("git", ["-C", root, "config", "user.name", "capkit test"]);
  return root;
}

/** Every file (except .git and .capkit) → content. */
export function snapshotTree(root: string): Record<string, string> {
  return Object.fromEntries(
    listTreeFiles(root)
      .sort()
      .map((p) => [p, readFileSync(join(root, p), "utf8")]),
  );
}
