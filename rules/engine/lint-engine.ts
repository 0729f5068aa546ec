/**
 * `capkit lint`'s engine: all five rules over every TypeScript file under a root without any
 * ESLint configuration. The graph rules and spec purity run on the shared module graph
 * (token-scanned, built once); require-capability-category runs through ESLint's Linter on
 * the files that can hold a spec (ESLint is loaded only when there is one). Same answers as the plugin (rules/engine/fast-path.test.ts).
 * Returns data; bin/commands/lint.ts prints it.
 */
import { join, resolve } from "node:path";
import type { SeamConfig } from "../../lib/config/seam-section.js";
import { CapkitError } from "../../lib/errors.js";
import { unscannedCount, unscannedList, unscannedPaths, unscannedTotal } from "../../lib/unscanned.js";
import { applyBaseline, loadBaseline, writeBaseline } from "../baseline/lint-baseline.js";
import { findCycleFindings } from "../checks/import-cycles.js";
import { findReverseImports } from "../checks/reverse-imports.js";
import { findImpureImports } from "../checks/spec-purity.js";
import { getImportCycles, getSeamAnalysis, type SeamAnalysis } from "../graph/graph-cache.js";
import type { ImportCycle } from "../graph/import-cycles.js";
import type { UnreadablePath } from "../graph/import-graph.js";
import { formatCycle } from "../graph/seam-cycles.js";
import type { CapkitRuleName } from "../messages.js";
import { loadSeamConfig } from "../seam/load-config.js";
import { isSpecFile, sideOf } from "../../lib/config/seam-sides.js";
import { formatMessage } from "./messages.js";

export interface LintViolation {
  readonly rule: CapkitRuleName;
  readonly file: string;
  readonly line: number;
  readonly message: string;
  /** Baseline identity (imported file, cycle, spec name). */
  readonly key: string;
}

export interface LintResult {
  readonly root: string;
  /** New violations: these fail the run. */
  readonly violations: readonly LintViolation[];
  /** Violations the committed baseline accepts. */
  readonly baselined: readonly LintViolation[];
  readonly files: number;
  readonly seams: readonly string[];
  /** Seams with no scanned file on either side: the config names other folders than the tree has. */
  readonly unmatchedSeams: readonly string[];
  /** Seam cycles (no-seam-cycle). */
  readonly cycles: number;
  readonly asyncCycles: number;
  /** Every import cycle, seam or not, one per circular dependency (graph/import-cycles.ts). */
  readonly importCycles: readonly ImportCycle[];
  /** Files and folders that could not be read: the lint is incomplete and fails. */
  readonly unreadable: readonly UnreadablePath[];
  /** Files with a syntax error (their imports may be wrong): the lint fails. */
  readonly syntaxErrors: readonly { readonly file: string; readonly line: number; readonly message: string }[];
}

export interface LintOptions {
  readonly config?: SeamConfig;
  readonly useBaseline?: boolean;
  /** Report synchronous cycles outside seams too (`capkit lint --cycles`). */
  readonly cycles?: boolean;
}

interface Collected {
  all: LintViolation[];
  files: number;
  cycles: number;
  asyncCycles: number;
  unmatchedSeams: string[];
  importCycles: readonly ImportCycle[];
  unreadable: UnreadablePath[];
  syntaxErrors: LintResult["syntaxErrors"];
}

function byPosition(a: LintViolation, b: LintViolation): number {
  return a.file < b.file
    ? -1
    : a.file > b.file
      ? 1
      : a.line - b.line || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);
}

/** One violation per seam cycle, naming the seam's reason (and the top-level await, if async). */
function seamCycleViolations(cycles: SeamAnalysis["cycles"], config: SeamConfig): LintViolation[] {
  const all: LintViolation[] = [];
  for (const c of cycles) {
    const seam = config.seams.find((s) => s.name === c.seam);
    const data = {
      seam: c.seam,
      cycle: formatCycle(c.files),
      length: String(c.files.length),
      reason: seam?.reason ?? "",
    };
    const message = c.async
      ? formatMessage("no-seam-cycle", "asyncSeamCycle", { ...data, tla: `${c.async.file}:${c.async.line}` })
      : formatMessage("no-seam-cycle", "seamCycle", data);
    all.push({
      rule: "no-seam-cycle",
      file: c.files[0] as string,
      line: c.line,
      key: `${c.seam}:${data.cycle}`,
      message,
    });
  }
  return all;
}

/** Every violation under `root`, before the baseline is applied. */
export async function collectViolations(
  rootIn: string,
  config: SeamConfig,
  options: { cycles?: boolean } = {},
): Promise<Collected> {
  const root = resolve(rootIn);
  const analysis = getSeamAnalysis(root, config, 0);
  const all: LintViolation[] = [];
  const candidates: string[] = [];
  for (const [rel, node] of analysis.graph.nodes) {
    const file = join(root, rel);
    for (const f of findReverseImports(root, file, rel, node.facts.imports, config, analysis.resolver)) {
      all.push({
        rule: "no-reverse-seam-import",
        file: rel,
        line: f.line,
        key: f.key,
        message: formatMessage("no-reverse-seam-import", f.messageId, f.data),
      });
    }
    const spec = isSpecFile(config, rel);
    if (spec) {
      for (const f of findImpureImports(root, file, node.facts.imports, config, analysis.resolver)) {
        all.push({
          rule: "spec-file-purity",
          file: rel,
          line: f.line,
          key: f.key,
          message: formatMessage("spec-file-purity", f.messageId, f.data),
        });
      }
    }
    if (spec || node.mentions.length > 0) candidates.push(rel);
  }
  all.push(...seamCycleViolations(analysis.cycles, config));
  const importCycles = getImportCycles(analysis).cycles;
  for (const f of findCycleFindings(importCycles, config, options.cycles === true)) {
    all.push({
      rule: "no-async-cycle",
      file: f.file,
      line: f.line,
      key: f.key,
      message: formatMessage("no-async-cycle", f.messageId, f.data),
    });
  }
  if (candidates.length > 0) {
    const { lintWithEslint } = await import("./eslint-run.js");
    for (const v of lintWithEslint(root, candidates, ["require-capability-category"]))
      all.push({ ...v, key: v.message });
  }
  const files = [...analysis.graph.nodes.keys()];
  const unmatchedSeams = config.seams
    .filter((seam) => !files.some((rel) => sideOf(seam, rel) !== null))
    .map((seam) => seam.name);
  const asyncCycles = analysis.cycles.filter((c) => c.async).length;
  const unreadable = [...analysis.graph.unreadable];
  const syntaxErrors = [...analysis.graph.nodes.values()]
    .flatMap((n) => (n.facts.syntaxError ? [{ file: n.file, ...n.facts.syntaxError }] : []))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    all: all.sort(byPosition),
    files: analysis.graph.nodes.size,
    cycles: analysis.cycles.length,
    asyncCycles,
    unmatchedSeams,
    importCycles,
    unreadable,
    syntaxErrors,
  };
}

export async function runLint(rootIn: string, options: LintOptions = {}): Promise<LintResult> {
  const root = resolve(rootIn);
  const config = options.config ?? loadSeamConfig(root);
  const { all, ...rest } = await collectViolations(root, config, options);
  const counts = options.useBaseline === false ? new Map<string, number>() : loadBaseline(root, config.baseline);
  const { fresh, known } = applyBaseline(all, counts);
  return { root, violations: fresh, baselined: known, seams: config.seams.map((s) => s.name), ...rest };
}

/**
 * Record every current violation as known (with `cycles`, the synchronous cycles too); returns
 * the baseline path and how many it lists. `beforeWrite` sees the seams that matched no file
 * and may throw to leave the baseline untouched; files that could not be read or parsed refuse
 * the write unless `force`.
 */
export async function updateLintBaseline(
  rootIn: string,
  options: {
    config?: SeamConfig;
    cycles?: boolean;
    force?: boolean;
    beforeWrite?: (unmatchedSeams: readonly string[]) => void;
  } = {},
): Promise<{ path: string; count: number }> {
  const root = resolve(rootIn);
  const config = options.config ?? loadSeamConfig(root);
  const { all, unmatchedSeams, unreadable, syntaxErrors } = await collectViolations(root, config, options);
  const missed = unscannedPaths([...unreadable, ...syntaxErrors]);
  if (unscannedTotal(missed) && !options.force) {
    // A baseline from a partial graph would accept every violation the lint could not see.
    throw new CapkitError(
      `refusing to write the lint baseline: ${unscannedCount(missed)} could not be read or parsed (${unscannedList(missed, 5)})`,
      1,
      {
        hint: "fix them and run `capkit lint --update-baseline` again, or pass --force to write it anyway",
      },
    );
  }
  // Unread folders may hold a seam's files: "matched no file" is not known then.
  options.beforeWrite?.(unreadable.length ? [] : unmatchedSeams);
  return { path: writeBaseline(root, config.baseline, all), count: all.length };
}

/** The unmatched seams the config does not declare intentionally empty (`allowEmpty`). */
export function unexpectedlyEmptySeams(config: SeamConfig, unmatched: readonly string[]): SeamConfig["seams"] {
  return config.seams.filter((s) => unmatched.includes(s.name) && !s.allowEmpty);
}
