/**
 * The committed ratchet baseline (`.capkit/baseline.json` by default): versioned, with sorted
 * keys and sorted class lists so two runs on the same tree write the same bytes, and a header
 * telling whoever hits a merge conflict to regenerate rather than hand-merge.
 */
import { join } from "node:path";
import { writeFileAtomic } from "../../lib/atomic-write.js";
import { ConfigError } from "../../lib/errors.js";
import { readJsonFileIfExists } from "../../lib/read-json.js";
import { KINDS, type ClassRecord, type InventoryResult } from "../types.js";

export const BASELINE_VERSION = 1;

export const BASELINE_COMMENT = [
  "capkit ratchet baseline: the counters `capkit inventory --check` compares against. Commit this file.",
  "CI only reads it; rewrite it with `capkit inventory --update-baseline` after an intended change.",
  "Merge conflict here? Do not hand-merge: take either side, run `capkit inventory --update-baseline` on the merged tree, and commit the result.",
];

export interface Baseline {
  readonly _comment: readonly string[];
  readonly version: typeof BASELINE_VERSION;
  /** "capabilityShaped", "loopProtocol", "extendsTool", "indirect", "kind:<kind>" → count. */
  readonly counters: Readonly<Record<string, number>>;
  /** Same keys (except extendsTool/indirect) → sorted class keys `file#Name`. */
  readonly classes: Readonly<Record<string, readonly string[]>>;
}

export const classKey = (c: Pick<ClassRecord, "file" | "name"> & { line: number }): string =>
  `${c.file}#${c.name ?? `<anonymous>:${c.line}`}`;

export function buildBaseline(result: InventoryResult): Baseline {
  const counters: Record<string, number> = {
    capabilityShaped: result.counters.capabilityShaped,
    loopProtocol: result.counters.loopProtocol,
    extendsTool: result.counters.extendsTool.occurrences,
    indirect: result.counters.indirect.occurrences,
  };
  const classes: Record<string, string[]> = {};
  for (const k of KINDS) {
    counters[`kind:${k}`] = result.counters.byKind[k];
    classes[`kind:${k}`] = result.classes
      .filter((c) => c.kind === k)
      .map(classKey)
      .sort();
  }
  classes["capabilityShaped"] = classes["kind:capability"] ?? [];
  return { _comment: BASELINE_COMMENT, version: BASELINE_VERSION, counters, classes };
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function serializeBaseline(b: Baseline): string {
  return `${JSON.stringify(sortKeys(b), null, 2)}\n`;
}

export function writeBaseline(root: string, relPath: string, result: InventoryResult): Baseline {
  const b = buildBaseline(result);
  writeFileAtomic(join(root, relPath), serializeBaseline(b));
  return b;
}

/** The committed baseline, or null when there is none; a broken file is a ConfigError (exit 2). */
export function readBaseline(root: string, relPath: string): Baseline | null {
  const fix = "regenerate it with `capkit inventory --update-baseline` and commit it";
  const value = readJsonFileIfExists(join(root, relPath), {
    what: "baseline",
    file: relPath,
    hint: { unreadable: fix, invalid: `a merge conflict left in it? ${fix}` },
  });
  if (value === undefined) return null;
  const v = value as Partial<Baseline> | null;
  if (v && typeof v === "object" && typeof v.counters === "object" && typeof v.classes !== "object") {
    // Counts alone cannot say which classes are new: the check compares class lists.
    throw new ConfigError(
      "baseline written by an older capkit: it has counts but no class lists, and the ratchet now compares classes",
      { file: relPath, hint: fix },
    );
  }
  if (
    !v ||
    typeof v !== "object" ||
    v.version !== BASELINE_VERSION ||
    typeof v.counters !== "object" ||
    typeof v.classes !== "object"
  ) {
    throw new ConfigError(`baseline has an unknown shape or version (expected version ${BASELINE_VERSION})`, {
      file: relPath,
      hint: fix,
    });
  }
  return v as Baseline;
}
