import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { findJournal, interruptedMigrateError, JournalConflictError, JOURNAL_REL } from "./journal.js";
import { runMigration } from "./migrate.js";
import { resolveJournal } from "./recover.js";
import { killingFs } from "../test-support/killing-fs.js";
import { MigrateProjects } from "../test-support/migrate-project.js";
import { snapshotTree } from "../test-support/temp-project.js";

const projects = new MigrateProjects("rerun-adds-never-clobbers");
afterEach(() => projects.cleanup());
afterAll(() => projects.cleanup(true));
const git = (root: string, ...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8" });
const MARK = "\n// edit\n";

/** A tree whose migrate was killed right after its journal landed (before any target was touched). */
let journalLands = 0;
async function killedAfterJournal(): Promise<string> {
  if (!journalLands) {
    // Find the step right after journal.json's rename in a throwaway run.
    const probeRoot = projects.create();
    const probe = killingFs(Infinity, probeRoot);
    await runMigration(projects.options(probeRoot, { fs: probe.fs }));
    journalLands = probe.steps.findIndex((s) => s.startsWith("rename .capkit/migrate-journal/journal.json.tmp")) + 1;
  }
  const at = journalLands;
  const root = projects.create();
  await expect(runMigration(projects.options(root, { fs: killingFs(at, root).fs }))).rejects.toThrow();
  expect(findJournal(root)).not.toBeNull();
  return root;
}

describe("the migrate journal", () => {
  it("lives outside .capkit/cache (which CI may persist) and is ignored by git", async () => {
    const root = await killedAfterJournal();
    expect(JOURNAL_REL).toBe(".capkit/migrate-journal");
    expect(existsSync(join(root, ".capkit/cache/migrate-journal"))).toBe(false);
    expect(git(root, "status", "--porcelain", "--untracked-files=all")).not.toContain(".capkit");
  });

  it("the issue's case: after a clean and an uncommitted edit, a --allow-dirty run keeps the edit and announces the rollback", async () => {
    const root = await killedAfterJournal();
    git(root, "checkout", "--", ".");
    git(root, "clean", "-fdq");
    appendFileSync(join(root, "src/context.ts"), MARK);
    const notices: string[] = [];
    const error = await runMigration(
      projects.options(root, { allowDirty: true, onNotice: (m) => notices.push(m) }),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(readFileSync(join(root, "src/context.ts"), "utf8")).toContain(MARK);
    expect(notices.some((n) => n.startsWith("rolled back an interrupted capkit migrate"))).toBe(true);
    expect(error).toBeNull();
  });

  it("refuses to roll back over a committed edit, names the file and both ways out", async () => {
    const root = await killedAfterJournal();
    appendFileSync(join(root, "src/index.ts"), MARK);
    git(root, "commit", "-qam", "my edit");
    const error = await runMigration(projects.options(root)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(JournalConflictError);
    const text = (error as JournalConflictError).format();
    expect(text).toContain("src/index.ts: edited since the interrupted migrate");
    expect(text).toContain("+// edit"); // the diff shows what differs
    expect(text).toContain("capkit migrate --discard-journal");
    expect(text).toContain("capkit migrate --rollback-journal --force");
    expect(readFileSync(join(root, "src/index.ts"), "utf8")).toContain(MARK);
    expect(git(root, "status", "--porcelain")).toBe("");
  });

  it("--discard-journal keeps the tree; --rollback-journal --force puts the originals back", async () => {
    const kept = await killedAfterJournal();
    appendFileSync(join(kept, "src/index.ts"), MARK);
    expect(() => resolveJournal(kept, "rollback")).toThrow(JournalConflictError);
    const d = resolveJournal(kept, "discard");
    expect(d.files).toContain("src/index.ts");
    expect(findJournal(kept)).toBeNull();
    expect(readFileSync(join(kept, "src/index.ts"), "utf8")).toContain(MARK);

    const forced = await killedAfterJournal();
    const old = snapshotTree(forced);
    appendFileSync(join(forced, "src/index.ts"), MARK);
    const r = resolveJournal(forced, "rollback", { force: true });
    expect(r.restored).toEqual(["src/index.ts"]);
    expect(snapshotTree(forced)).toEqual(old);
  });

  it("still finds a journal an older capkit left in .capkit/cache/migrate-journal", async () => {
    const root = await killedAfterJournal();
    const old = snapshotTree(root);
    mkdirSync(join(root, ".capkit/cache"), { recursive: true });
    renameSync(join(root, JOURNAL_REL), join(root, ".capkit/cache/migrate-journal"));
    expect(findJournal(root)?.rel).toBe(".capkit/cache/migrate-journal");
    expect(interruptedMigrateError(root)?.format()).toContain("capkit migrate --rollback-journal");
    resolveJournal(root, "rollback");
    expect(snapshotTree(root)).toEqual(old);
    expect(findJournal(root)).toBeNull();
  });

  it("--dry-run on a tree with a journal exits 2 naming the fix", async () => {
    const root = await killedAfterJournal();
    const error = await runMigration(projects.options(root, { dryRun: true })).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as JournalConflictError).exitCode).toBe(2);
    expect((error as JournalConflictError).format()).toContain("capkit migrate --rollback-journal");
  });

  it("refuses a tree outside git unless --no-git, which says what protection is lost", async () => {
    const root = projects.create();
    execFileSync("rm", ["-rf", join(root, ".git")]);
    const refused = await runMigration(projects.options(root)).then(
      () => null,
      (e: unknown) => e,
    );
    expect((refused as JournalConflictError).format()).toMatch(/not inside a git repository[\s\S]*--no-git/);
    expect(existsSync(join(root, "src/capabilities/email.ts"))).toBe(false);
    const notices: string[] = [];
    const r = await runMigration(projects.options(root, { noGit: true, onNotice: (m) => notices.push(m) }));
    expect(r.applied).toBe(true);
    expect(notices.join("\n")).toMatch(/cannot check for uncommitted edits/);
  });

  it("a journal without journal.json (an apply killed while committing) is cleaned up, not reported", async () => {
    const root = projects.create();
    mkdirSync(join(root, JOURNAL_REL), { recursive: true });
    writeFileSync(join(root, JOURNAL_REL, "0.orig"), "x");
    expect(interruptedMigrateError(root)).toBeNull();
    const r = await runMigration(projects.options(root));
    expect(r.applied).toBe(true);
    expect(existsSync(join(root, JOURNAL_REL))).toBe(false);
  });
});
