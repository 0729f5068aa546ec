/**
 * A namespace whose class files look too large for the heap is refused before anything is
 * planned, naming the file, its size and what to do, instead of crashing with an out-of-memory
 * error midway. The limit is injected (a real file past the heap would take minutes).
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { EnvironmentError } from "../../lib/errors.js";
import { runMigration } from "./migrate.js";
import { MIGRATE_FIXED_HEAP, MIGRATE_HEAP_PER_BYTE } from "./size-guard.js";
import { MigrateProjects } from "../test-support/migrate-project.js";
import { snapshotTree } from "../test-support/temp-project.js";

const projects = new MigrateProjects("rerun-adds-never-clobbers");
afterEach(() => projects.cleanup());
afterAll(() => projects.cleanup(true));

// src/tools/more-tools.ts is 807 bytes: a heap just under its estimate.
const TIGHT = MIGRATE_FIXED_HEAP + 800 * MIGRATE_HEAP_PER_BYTE;

async function failure(run: Promise<unknown>): Promise<EnvironmentError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EnvironmentError);
  return error as EnvironmentError;
}

describe("migrate and a file too large for the heap", () => {
  it("refuses up front, naming the file, its size and the fixes; writes nothing", async () => {
    const root = projects.create();
    const before = snapshotTree(root);
    const error = await failure(runMigration(projects.options(root, { heapLimitBytes: TIGHT, namespaces: ["jobs"] })));
    expect(error.message).toContain("src/tools/more-tools.ts (0.0 MB) is too large to migrate in memory");
    expect(error.message).toContain("nothing was planned or written");
    expect(error.details.file).toBe("src/tools/more-tools.ts");
    expect(error.details.hint).toContain("split src/tools/more-tools.ts");
    expect(error.details.hint).toContain("--max-old-space-size");
    expect(error.details.hint).toContain("--ignore-size-limit");
    expect(snapshotTree(root)).toEqual(before);
  });

  it("refuses a dry run too", async () => {
    const root = projects.create();
    await failure(runMigration(projects.options(root, { heapLimitBytes: TIGHT, dryRun: true })));
  });

  it("plans as before when the file fits, or with --ignore-size-limit", async () => {
    const fits = await runMigration(
      projects.options(projects.create(), { heapLimitBytes: TIGHT + 100 * MIGRATE_HEAP_PER_BYTE, dryRun: true }),
    );
    const forced = await runMigration(
      projects.options(projects.create(), { heapLimitBytes: TIGHT, ignoreSizeLimit: true, dryRun: true }),
    );
    expect(fits.namespaces.map((n) => n.converted)).toEqual([["send_email"], ["cancel_job"]]);
    expect(forced.namespaces.map((n) => n.converted)).toEqual([["send_email"], ["cancel_job"]]);
  });
});
