/**
 * Kills `capkit migrate`'s apply at every step (each journal write, each staged write, each
 * rename and removal, the journal's removal) through an ApplyFs that dies there as a killed
 * process would, then checks: the tree is the old state or the new one (after the journal's
 * rollback when one is left), and a following run with an uncommitted edit in between never
 * loses the edit, with or without --allow-dirty. As after a real kill, the dead run's lock is
 * left behind, so every following run also takes over a stale lock.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findJournal, JournalConflictError } from "./journal.js";
import { LOCK_REL } from "./lock.js";
import { runMigration } from "./migrate.js";
import { resolveJournal } from "./recover.js";
import { killingFs } from "../test-support/killing-fs.js";
import { MigrateProjects } from "../test-support/migrate-project.js";
import { snapshotTree } from "../test-support/temp-project.js";

const projects = new MigrateProjects("rerun-adds-never-clobbers");
/** A file the plan rewrites (not deletes), so an edit to it meets every kind of half state. */
const EDITED = "src/index.ts";
const MARK = "\n// a person's uncommitted edit\n";

let OLD: Record<string, string>;
let NEW: Record<string, string>;
let STEPS: string[];

beforeAll(async () => {
  const root = projects.create();
  OLD = snapshotTree(root);
  const counting = killingFs(Infinity, root);
  const r = await runMigration(projects.options(root, { fs: counting.fs }));
  expect(r.applied).toBe(true);
  NEW = snapshotTree(root);
  STEPS = counting.steps;
});
afterAll(() => projects.cleanup(true));

/** A pid that is certainly not running: a child that has already exited. */
const DEAD_PID = Number(
  spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout,
);

async function killedAt(at: number): Promise<string> {
  const root = projects.create();
  const k = killingFs(at, root);
  await expect(runMigration(projects.options(root, { fs: k.fs }))).rejects.toThrow();
  expect(k.steps).toHaveLength(at);
  // A killed process never runs its `finally`: its lock stays, naming a pid that is gone.
  writeFileSync(join(root, LOCK_REL), `${JSON.stringify({ pid: DEAD_PID, startedAt: "2026-01-01T00:00:00.000Z" })}\n`);
  return root;
}

describe("migrate killed mid-apply", () => {
  it("has at least 20 points to kill at, journal writes, staged writes, renames and removals included", () => {
    expect(STEPS.length).toBeGreaterThanOrEqual(20);
    expect(STEPS.some((s) => s.startsWith("write .capkit/migrate-journal/"))).toBe(true);
    expect(STEPS.some((s) => s.startsWith("rename .capkit/migrate-journal/journal.json.tmp"))).toBe(true);
    expect(STEPS.some((s) => /^rename src\/.*capkit-migrate\.tmp → src\//.test(s))).toBe(true);
    expect(STEPS.some((s) => s.startsWith("unlink src/"))).toBe(true);
    expect(NEW).not.toEqual(OLD);
  });

  it(
    "leaves the old or the new tree at every point (after rolling back a journal left behind)",
    { timeout: 300_000 },
    async () => {
      for (let at = 0; at < STEPS.length; at++) {
        const root = await killedAt(at);
        const found = findJournal(root);
        if (found) {
          const r = resolveJournal(root, "rollback");
          expect(r.action).toBe("rollback");
          expect(snapshotTree(root), `killed before step ${at}: ${STEPS[at]}`).toEqual(OLD);
        } else {
          expect([OLD, NEW], `killed before step ${at}: ${STEPS[at]}`).toContainEqual(snapshotTree(root));
        }
      }
    },
  );

  it("a rollback killed at any of its own steps is finished by the next one", { timeout: 300_000 }, async () => {
    const renamesDone = STEPS.findIndex((s) => s.startsWith("unlink .capkit/migrate-journal/journal.json"));
    const root0 = await killedAt(renamesDone); // every target written, the journal still there
    const rollbackSteps = killingFs(Infinity, root0);
    resolveJournal(root0, "rollback", { fs: rollbackSteps.fs });
    expect(snapshotTree(root0)).toEqual(OLD);
    for (let at = 0; at < rollbackSteps.steps.length; at++) {
      const root = await killedAt(renamesDone);
      expect(() => resolveJournal(root, "rollback", { fs: killingFs(at, root).fs })).toThrow();
      if (findJournal(root)) resolveJournal(root, "rollback");
      expect(snapshotTree(root), `rollback killed before its step ${at}: ${rollbackSteps.steps[at]}`).toEqual(OLD);
    }
  });

  it("never loses an edit made after the kill, with or without --allow-dirty", { timeout: 300_000 }, async () => {
    for (let at = 0; at < STEPS.length; at++) {
      for (const allowDirty of [false, true]) {
        const root = await killedAt(at);
        const hadJournal = findJournal(root) !== null;
        appendFileSync(join(root, EDITED), MARK);
        const edited = readFileSync(join(root, EDITED), "utf8");
        const before = snapshotTree(root);
        const error = await runMigration(projects.options(root, { allowDirty })).then(
          () => null,
          (e: unknown) => e,
        );
        const where = `killed before step ${at} (${STEPS[at]}), allowDirty ${allowDirty}`;
        expect(readFileSync(join(root, EDITED), "utf8"), where).toContain(MARK);
        if (hadJournal) {
          // Every journal covers the edited file: the rollback must refuse and touch nothing.
          expect(error, where).toBeInstanceOf(JournalConflictError);
          expect(
            (error as JournalConflictError).conflicts.map((c) => c.path),
            where,
          ).toContain(EDITED);
          expect(snapshotTree(root), where).toEqual(before);
          expect(readFileSync(join(root, EDITED), "utf8")).toBe(edited);
        } else if (!allowDirty) {
          expect((error as Error | null)?.message, where).toMatch(/uncommitted changes/);
        }
      }
    }
  });
});
