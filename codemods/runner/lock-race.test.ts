/**
 * Two or three runs that all judge the same lock stale: exactly one ends up holding it, at every
 * interleaving of the takeover's steps. A rival "process" runs inside a step hook of the first
 * (and a third inside the rival's), so the order is forced, never raced. Before the breaker, a
 * rival that judged the lock stale moved the new holder's lock aside to check it, and a third
 * run could take the empty slot meanwhile: two holders.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireMigrateLock, LOCK_REL, LOCK_STEPS, type LockStep, type MigrateLock } from "./lock.js";

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const deadPid = (): number =>
  Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout);

function staleTree(): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-lock-race-"));
  temps.push(root);
  mkdirSync(join(root, ".capkit"));
  writeFileSync(join(root, LOCK_REL), JSON.stringify({ pid: deadPid(), startedAt: "2026-01-01T00:00:00.000Z" }));
  return root;
}

type Outcome = { name: string; lock: MigrateLock | null; error: string | null };

/** Runs contender `names[0]`; at `steps[0]` it runs `names[1]` (which at `steps[1]` runs `names[2]`…). */
function contend(root: string, names: readonly string[], steps: readonly LockStep[], out: Outcome[]): void {
  const [name, ...rest] = names;
  if (name === undefined) return;
  let ran = false;
  const onStep = (step: LockStep) => {
    if (ran || step !== steps[0]) return;
    ran = true;
    contend(root, rest, steps.slice(1), out);
  };
  try {
    const lock = acquireMigrateLock(root, { now: () => new Date(`2026-02-0${names.length}T00:00:00.000Z`), onStep });
    out.push({ name, lock, error: null });
  } catch (error) {
    out.push({ name, lock: null, error: (error as Error).message });
  }
}

const pairs = LOCK_STEPS.flatMap((a) => LOCK_STEPS.map((b) => [a, b] as const));

describe("taking over a stale migrate lock", () => {
  it.each(pairs)("rival at %s, third at %s: one holder, the others told who holds it", (a, b) => {
    const root = staleTree();
    const out: Outcome[] = [];
    contend(root, ["A", "B", "C"], [a, b], out);
    const holders = out.filter((o) => o.lock);
    expect(holders.map((h) => h.name)).toHaveLength(1);
    for (const o of out.filter((x) => !x.lock))
      expect(o.error).toMatch(/another capkit migrate is (running|taking over)/);
    // The lock on disk is the holder's, and the breaker is gone.
    const onDisk = JSON.parse(readFileSync(join(root, LOCK_REL), "utf8")) as { startedAt: string };
    const starts: Record<string, string> = { A: "3", B: "2", C: "1" };
    expect(onDisk.startedAt).toBe(`2026-02-0${starts[holders[0]?.name ?? ""]}T00:00:00.000Z`);
    expect(existsSync(join(root, `${LOCK_REL}.takeover`))).toBe(false);
    holders[0]?.lock?.release();
    expect(existsSync(join(root, LOCK_REL))).toBe(false);
  });

  it("a release never removes a lock someone else holds", () => {
    const root = staleTree();
    const first = acquireMigrateLock(root);
    rmSync(join(root, LOCK_REL)); // as if a person deleted it by hand…
    const second = acquireMigrateLock(root); // …and another run took it
    first.release();
    expect(existsSync(join(root, LOCK_REL))).toBe(true);
    second.release();
    expect(existsSync(join(root, LOCK_REL))).toBe(false);
  });

  it("an interrupted takeover (its breaker left behind by a dead run) is named, with the fix", () => {
    const root = staleTree();
    writeFileSync(join(root, `${LOCK_REL}.takeover`), JSON.stringify({ pid: deadPid(), startedAt: "x" }));
    expect(() => acquireMigrateLock(root)).toThrow(/a takeover of a stale migrate lock was interrupted/);
  });
});
