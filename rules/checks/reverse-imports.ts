/**
 * The direction check shared by the `no-reverse-seam-import` rule and `capkit lint`'s fast
 * path: given one file's import records, which of them reach the forbidden side of a seam.
 * Type-only imports pass unless `allowTypeImports` is false; exception globs exempt a file.
 */
import type { SeamConfig } from "../../lib/config/seam-section.js";
import type { ImportRecord } from "../graph/import-facts.js";
import { toRel } from "../graph/import-graph.js";
import type { Resolver } from "../graph/resolve-import.js";
import { exceptionFor, sideOf } from "../../lib/config/seam-sides.js";

export type ReverseMessageId = "reverseImport" | "reverseTypeImport" | "reverseDynamicImport";

export interface ReverseFinding {
  readonly messageId: ReverseMessageId;
  readonly data: { specifier: string; target: string; seam: string; reason: string };
  readonly line: number;
  /** Baseline identity: seam and imported file. */
  readonly key: string;
  readonly index: number;
}

export function findReverseImports(
  root: string,
  file: string,
  rel: string,
  records: readonly ImportRecord[],
  config: SeamConfig,
  resolver: Resolver,
): ReverseFinding[] {
  const seams = config.seams.filter((s) => sideOf(s, rel) === "from" && !exceptionFor(s, rel));
  if (seams.length === 0) return [];
  const out: ReverseFinding[] = [];
  records.forEach((record, index) => {
    if (record.typeOnly && config.allowTypeImports) return;
    const target = resolver.guess(file, record.specifier);
    if (!target) return;
    const targetRel = toRel(root, target);
    for (const seam of seams) {
      if (sideOf(seam, targetRel) !== "to") continue;
      const messageId: ReverseMessageId = record.typeOnly
        ? "reverseTypeImport"
        : record.kind === "dynamic"
          ? "reverseDynamicImport"
          : "reverseImport";
      out.push({
        messageId,
        data: { specifier: record.specifier, target: targetRel, seam: seam.name, reason: seam.reason },
        line: record.line,
        key: `${seam.name}:${targetRel}`,
        index,
      });
    }
  });
  return out;
}
