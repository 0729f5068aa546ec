/**
 * migrate stopped by a signal (the CLI aborts the run's AbortSignal): it stops between atomic
 * steps, never inside one, releases its lock, and says what the tree holds. The signal is sent
 * at deferred points: while the scan is pending, during an apply's rename, between two batches.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findJournal, nodeApplyFs, type ApplyFs } from "./journal.js";
import { LOCK_REL } from "./lock.js";
import { MigrateInterruptedError, runMigration, type InterruptedState, type MigrateOptions } from "./migrate.js";
import { MigrateProjects } from "../test-support/migrate-project.js";
import { snapshotTree } from "../test-support/temp-project.js";
import type { InventoryResult } from "../../inventory/types.js";

const projects = new MigrateProjects("rerun-adds-never-clobbers");
afterAll(() => projects.cleanup(true));

async function stopped(options: MigrateOptions): Promise<InterruptedState> {
  const error: unknown = await runMigration(options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MigrateInterruptedError);
  return (error as MigrateInterruptedError).state;
}

/** ApplyFs that sends the signal when the apply renames its first target into place. */
function signallingFs(controller: AbortController): ApplyFs {
  return {
    ...nodeApplyFs,
    rename(from, to) {
      nodeApplyFs.rename(from, to);
      if (!to.includes("migrate-journal")) controller.abort("SIGINT");
    },
  };
}

describe("migrate stopped by a signal", () => {
  it("while the scan is pending: nothing is written, the lock is released", async () => {
    const root = projects.create();
    const before = snapshotTree(root);
    const controller = new AbortController();
    const { inventory, ...options } = projects.options(root);
    let release!: (inv: InventoryResult) => void;
    const scanned = new Promise<InventoryResult>((r) => (release = r));
    const run = stopped({
      ...options,
      signal: controller.signal,
      scan: () => scanned,
    });
    controller.abort("SIGTERM");
    release(inventory as InventoryResult);
    expect(await run).toEqual({
      signal: "SIGTERM",
      applied: [],
      commits: [],
      rolledBack: [],
      remaining: ["email", "jobs"],
    });
    expect(snapshotTree(root)).toEqual(before);
    expect(existsSync(join(root, LOCK_REL))).toBe(false);
  });

  it("during an apply: the apply finishes and is kept, no journal is left, the next namespace is not started", async () => {
    const root = projects.create();
    const controller = new AbortController();
    const state = await stopped(
      projects.options(root, { signal: controller.signal, fs: signallingFs(controller), commit: true }),
    );
    expect(state.applied).toHaveLength(1);
    expect(state.commits).toHaveLength(1);
    expect(state.remaining).toEqual(["email", "jobs"].filter((ns) => !state.applied.includes(ns)));
    expect(findJournal(root)).toBeNull();
    expect(existsSync(join(root, LOCK_REL))).toBe(false);
    // The kept namespace is one whole commit; nothing else is pending in the tree.
    expect(execFileSync("git", ["-C", root, "status", "--porcelain"], { encoding: "utf8" })).toBe("");
    expect(execFileSync("git", ["-C", root, "log", "-1", "--format=%s"], { encoding: "utf8" })).toContain(
      `capkit migrate: ${state.applied[0]} namespace`,
    );
  });

  it("during the last apply: the run completes and reports as usual", async () => {
    const root = projects.create();
    const controller = new AbortController();
    const result = await runMigration(
      projects.options(root, { signal: controller.signal, fs: signallingFs(controller) }),
    );
    expect(controller.signal.aborted).toBe(true);
    expect(result.applied).toBe(true);
    expect(findJournal(root)).toBeNull();
    expect(existsSync(join(root, LOCK_REL))).toBe(false);
  });
});
