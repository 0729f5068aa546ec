/**
 * JSON reporter: the `capkit inventory --json` contract (docs/architecture.md), exactly one
 * document. Contract keys come first in a fixed order (root, counters, classes), every kind
 * appears in `byKind`, and the ratchet outcome is added when `--check` produced one.
 */
import { KINDS } from "../lib/kinds.js";
import type { ClassRecord, Counters, Kind } from "../inventory/types.js";
import { inventoryExitCode } from "./exit-code.js";
import type { Reporter } from "./types.js";

function countersJson(c: Counters) {
  const byKind = {} as Record<Kind, number>;
  for (const kind of KINDS) byKind[kind] = c.byKind[kind] ?? 0;
  return {
    extendsTool: { occurrences: c.extendsTool.occurrences, files: c.extendsTool.files },
    indirect: { occurrences: c.indirect.occurrences, files: c.indirect.files },
    capabilityShaped: c.capabilityShaped,
    loopProtocol: c.loopProtocol,
    byKind,
    byNamespace: { ...c.byNamespace },
  };
}

function classJson(k: ClassRecord) {
  return {
    name: k.name,
    file: k.file,
    line: k.line,
    base: k.base,
    kind: k.kind,
    wireName: k.wireName,
    namespace: k.namespace,
    ...(k.namespaceSource !== undefined ? { namespaceSource: k.namespaceSource } : {}),
    category: k.category,
    evidence: [...k.evidence],
    blockers: k.blockers.map((b) => ({ code: b.code, message: b.message, file: b.file, line: b.line })),
    direct: k.direct,
    chain: [...k.chain],
    categorySource: k.categorySource,
  };
}

export const renderJson: Reporter = (report) => {
  const inv = report.inventory;
  const doc = {
    root: inv.root,
    counters: countersJson(inv.counters),
    classes: inv.classes.map(classJson),
    version: inv.version,
    generatedAt: inv.generatedAt,
    scannedFiles: inv.scannedFiles,
    incomplete: inv.incomplete,
    problems: inv.problems.map((p) => ({ ...p })),
    ...(report.ratchet ? { ratchet: report.ratchet } : {}),
  };
  return { output: `${JSON.stringify(doc, null, 2)}\n`, exitCode: inventoryExitCode(report) };
};
