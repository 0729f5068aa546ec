import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { InventoryResult } from "../../inventory/types.js";
import { EnvironmentError } from "../../lib/errors.js";
import { acquireMigrateLock, lockHolder, LOCK_REL } from "./lock.js";
import { runMigration } from "./migrate.js";
import { MigrateProjects } from "../test-support/migrate-project.js";

const projects = new MigrateProjects("rerun-adds-never-clobbers");
afterEach(() => projects.cleanup());
afterAll(() => projects.cleanup(true));

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("one migrate at a time", () => {
  it("a second run while the first holds the lock is refused, naming the holder; the first finishes", async () => {
    const root = projects.create();
    const opts = projects.options(root);
    const inventory = opts.inventory as InventoryResult;
    const { inventory: _unused, ...rest } = opts;
    // The first run is held at its scan (after it took the lock) until the second has been refused.
    const scanning = deferred<void>();
    const release = deferred<InventoryResult>();
    const first = runMigration({ ...rest, scan: () => (scanning.resolve(), release.promise) });
    await scanning.promise;
    expect(lockHolder(root)).toMatchObject({ pid: process.pid, alive: true });
    const second = await runMigration({ ...opts, namespaces: ["email"] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(EnvironmentError);
    expect((second as EnvironmentError).format()).toMatch(
      new RegExp(`another capkit migrate is running on this tree \\(pid ${process.pid}, started `),
    );
    expect((second as EnvironmentError).format()).toContain(LOCK_REL);
    release.resolve(inventory);
    const r = await first;
    expect(r.applied).toBe(true);
    expect(existsSync(join(root, LOCK_REL))).toBe(false);
    // Once the first is done, the next run takes the lock (and sees the migrated tree).
    const third = await runMigration(projects.options(root, { namespaces: ["email"] })).then(
      () => null,
      (e: unknown) => e,
    );
    expect((third as Error | null)?.message ?? "").not.toMatch(/another capkit migrate/);
  });

  it("the same namespace twice at once: the loser gets the lock message, never an invalid plan", async () => {
    const root = projects.create();
    const opts = projects.options(root);
    const { inventory, ...rest } = opts;
    const scanning = deferred<void>();
    const release = deferred<InventoryResult>();
    const first = runMigration({ ...rest, scan: () => (scanning.resolve(), release.promise) });
    await scanning.promise;
    const second = await runMigration(opts).then(
      () => null,
      (e: unknown) => e,
    );
    expect((second as Error).message).toMatch(/another capkit migrate is running/);
    expect((second as Error).message).not.toMatch(/plan is invalid/);
    release.resolve(inventory as InventoryResult);
    expect((await first).applied).toBe(true);
  });

  it("takes over a stale lock whose holder is dead, and refuses one held by a live process", () => {
    const root = projects.create();
    const pid = deadPid();
    mkdirSync(join(root, ".capkit"), { recursive: true });
    writeFileSync(join(root, LOCK_REL), JSON.stringify({ pid, startedAt: "2026-01-01T00:00:00.000Z" }));
    expect(lockHolder(root)).toMatchObject({ pid, alive: false });
    const lock = acquireMigrateLock(root, () => new Date("2026-02-02T00:00:00.000Z"));
    expect(lock.tookOverStale).toMatchObject({ pid });
    expect(JSON.parse(readFileSync(join(root, LOCK_REL), "utf8"))).toEqual({
      pid: process.pid,
      startedAt: "2026-02-02T00:00:00.000Z",
      token: expect.stringMatching(/^[0-9a-f]{16}$/), // so a release removes only its own lock
    });
    expect(() => acquireMigrateLock(root)).toThrow(
      /another capkit migrate is running on this tree \(pid \d+, started 2026-02-02T00:00:00.000Z\)/,
    );
    lock.release();
    expect(existsSync(join(root, LOCK_REL))).toBe(false);
    acquireMigrateLock(root).release();
  });
});
