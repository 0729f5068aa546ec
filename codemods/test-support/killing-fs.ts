/**
 * Test helper: ApplyFs operations that die at step N as a killed process would — step N and
 * every operation after it (the in-process rollback included) throw `Killed` without touching
 * the disk — plus a recorder that names each step, so a test can kill an apply at every point.
 */
import { nodeApplyFs, type ApplyFs } from "../runner/journal.js";

export class Killed extends Error {
  constructor(readonly step: string) {
    super(`killed at ${step}`);
  }
}

export interface KillingFs {
  readonly fs: ApplyFs;
  /** Names of the steps that ran, in order ("rename src/a.ts.tmp → src/a.ts"). */
  readonly steps: string[];
}

/** Dies at the `killAt`-th operation (0-based); `Infinity` never dies (counts the steps). */
export function killingFs(killAt: number, root: string): KillingFs {
  const steps: string[] = [];
  let dead = false;
  const rel = (p: string) => (p.startsWith(root) ? p.slice(root.length + 1) : p);
  const step = (name: string, run: () => void) => {
    if (dead || steps.length >= killAt) {
      dead = true;
      throw new Killed(name);
    }
    steps.push(name);
    run();
  };
  const fs: ApplyFs = {
    writeFile: (p, t) => step(`write ${rel(p)}`, () => nodeApplyFs.writeFile(p, t)),
    rename: (a, b) => step(`rename ${rel(a)} → ${rel(b)}`, () => nodeApplyFs.rename(a, b)),
    unlink: (p) => step(`unlink ${rel(p)}`, () => nodeApplyFs.unlink(p)),
    mkdir: (p) => step(`mkdir ${rel(p)}`, () => nodeApplyFs.mkdir(p)),
    rmdir: (p) => step(`rmdir ${rel(p)}`, () => nodeApplyFs.rmdir(p)),
    removeTree: (p) => step(`remove ${rel(p)}`, () => nodeApplyFs.removeTree(p)),
  };
  return { fs, steps };
}
