/**
 * A deliberately small HistoryEngine for tests of the backfill plumbing: regex extraction of
 * `class X extends Tool`, kind "loop-protocol" under `src/agents/`, else "capability", the
 * namespace from `<ns>-tools.ts`. It counts its own calls so tests can see what was extracted.
 */
import { KINDS, type ClassRecord, type InventoryResult, type Kind } from "../types.js";
import type { HistoryEngine } from "../history/history-engine.js";

export interface TinyFacts {
  readonly file: string;
  readonly classes: readonly { readonly name: string; readonly line: number }[];
  readonly broken: boolean;
}

export interface TinyEngine extends HistoryEngine<TinyFacts> {
  readonly extracted: string[];
}

export function tinyEngine(version = "tiny-1"): TinyEngine {
  const extracted: string[] = [];
  return {
    factsVersion: version,
    extracted,
    folders: ["packages"],
    inScope: (path) => path.startsWith("packages/") && path.endsWith(".ts") && !path.endsWith(".test.ts"),
    extract(file, text) {
      extracted.push(file);
      const classes = [...text.matchAll(/class (\w+) extends Tool\b/g)].map((m) => ({
        name: m[1] ?? "",
        line: text.slice(0, m.index).split("\n").length,
      }));
      return { file, classes, broken: text.includes("<<<<<<<") };
    },
    analyze({ root, files }): InventoryResult {
      const records: ClassRecord[] = [];
      for (const f of files) {
        const kind: Kind = f.file.includes("/src/agents/") ? "loop-protocol" : "capability";
        const namespace = /([\w]+)-tools\.ts$/.exec(f.file)?.[1] ?? null;
        for (const c of f.classes) {
          records.push({
            name: c.name,
            file: f.file,
            line: c.line,
            base: "Tool",
            direct: true,
            chain: [c.name, "Tool"],
            kind,
            wireName: null,
            namespace,
            category: null,
            categorySource: "none",
            evidence: [],
            blockers: [],
          });
        }
      }
      const byKind = Object.fromEntries(KINDS.map((k) => [k, records.filter((r) => r.kind === k).length])) as Record<
        Kind,
        number
      >;
      const byNamespace: Record<string, number> = {};
      for (const r of records)
        if (r.kind === "capability")
          byNamespace[r.namespace ?? "(none)"] = (byNamespace[r.namespace ?? "(none)"] ?? 0) + 1;
      const problems = files
        .filter((f) => f.broken)
        .map((f) => ({ file: f.file, line: 1, column: 1, message: "conflict marker" }));
      return {
        version: 1,
        root,
        generatedAt: new Date(0).toISOString(),
        scannedFiles: files.length,
        counters: {
          extendsTool: { occurrences: records.length, files: new Set(records.map((r) => r.file)).size },
          indirect: { occurrences: 0, files: 0 },
          capabilityShaped: byKind.capability,
          loopProtocol: byKind["loop-protocol"],
          byKind,
          byNamespace,
        },
        classes: records,
        problems,
        incomplete: problems.length > 0,
      };
    },
  };
}
