/**
 * The cycle check shared by the `no-async-cycle` rule and `capkit lint`'s fast path: which of
 * a graph's import cycles are findings. Async cycles always are; synchronous ones only when
 * asked (`syncCycles`, `capkit lint --cycles`). A cycle holding both sides of a seam is
 * no-seam-cycle's to report, so one cycle is reported once.
 */
import type { SeamConfig } from "../../lib/config/seam-section.js";
import { crossesSeam, type ImportCycle } from "../graph/import-cycles.js";
import { formatCycle } from "../graph/seam-cycles.js";

export type CycleMessageId = "asyncCycle" | "syncCycle";

export interface CycleFinding {
  readonly messageId: CycleMessageId;
  readonly data: { cycle: string; length: string; tla?: string };
  /** The cycle's first file, where it is reported, and the line of its import of the second. */
  readonly file: string;
  readonly line: number;
  /** Baseline identity: the cycle, spelled from its smallest file. */
  readonly key: string;
}

export function findCycleFindings(
  cycles: readonly ImportCycle[],
  config: SeamConfig,
  syncCycles: boolean,
): CycleFinding[] {
  const out: CycleFinding[] = [];
  for (const c of cycles) {
    if ((!c.async && !syncCycles) || crossesSeam(c.files, config.seams)) continue;
    const cycle = formatCycle(c.files);
    const data = { cycle, length: String(c.files.length) };
    out.push({
      messageId: c.async ? "asyncCycle" : "syncCycle",
      data: c.async ? { ...data, tla: `${c.async.file}:${c.async.line}` } : data,
      file: c.files[0] as string,
      line: c.line,
      key: cycle,
    });
  }
  return out;
}
