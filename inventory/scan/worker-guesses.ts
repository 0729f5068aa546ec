/**
 * Which gated files of the first read the parse worker is handed as guesses (facts-worker.ts):
 * the ones whose gate shows a shape phase 1 parses for (an `extends`, a re-export, a base passed
 * on, a class named like the base) and that either declare the base, pass it to a mixin, or hold
 * a class whose `extends` names a base name inside the class it extends (`class A extends
 * BaseTool<…>`); small enough, within the scan's budget. Most files phase 1 picks look like that,
 * while `extends` in a generic constraint or an interface is common in library code that never
 * subclasses anything: guessing those too doubled the thread's work on the real corpus and found
 * no more of what was asked. Files that only mention a name are left to the scan's own pick.
 */
import type { FileGate } from "./byte-gate.js";
import type { ExtractItem } from "./facts-worker.js";

/** Files bigger than this are not guessed: the scan's pick is mostly small files, and a wrong guess costs its size. */
const GUESS_MAX_BYTES = 16 * 1024;
/** What all guesses of one scan may add up to: the idle thread's work stays bounded on a tree full of candidates. */
const GUESS_BUDGET_BYTES = 2 * 1024 * 1024;

type GuessGate = Pick<FileGate, "hinted" | "declaresBase" | "baseArgument">;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export class Guesser {
  private left: number;
  private readonly extendsBase: RegExp | null;

  constructor(baseNames: readonly string[], budget = GUESS_BUDGET_BYTES) {
    this.left = budget;
    this.extendsBase =
      baseNames.length === 0
        ? null
        : new RegExp(`\\bclass\\b[^{;]*?\\bextends\\s+[\\w$.]*(?:${baseNames.map(escape).join("|")})`);
  }

  /** The guess for a gated file (its bytes are only read during the call), or null. */
  of(file: string, bytes: Buffer, gate: GuessGate): ExtractItem | null {
    const size = bytes.length;
    if (!(gate.hinted || gate.declaresBase) || size > GUESS_MAX_BYTES || size > this.left) return null;
    const text = bytes.toString("utf8");
    if (!(gate.declaresBase || gate.baseArgument || (this.extendsBase?.test(text) ?? false))) return null;
    this.left -= size;
    return { file, text };
  }
}
