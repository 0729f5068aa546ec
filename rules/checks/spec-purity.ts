/**
 * The spec-file purity check shared by the `spec-file-purity` rule and `capkit lint`'s fast
 * path: a spec file may import types, the allowed packages (zod), and other spec or schema
 * modules — never an implementation, and never anything loaded at run time.
 */
import type { SeamConfig } from "../../lib/config/seam-section.js";
import type { ImportRecord } from "../graph/import-facts.js";
import { toRel } from "../graph/import-graph.js";
import type { Resolver } from "../graph/resolve-import.js";
import { isSchemaFile } from "../../lib/config/seam-sides.js";

export type PurityMessageId = "implementationImport" | "packageImport" | "runtimeLoad";

export interface PurityFinding {
  readonly messageId: PurityMessageId;
  readonly data: { specifier: string; target: string };
  readonly line: number;
  readonly key: string;
  readonly index: number;
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

export function findImpureImports(
  root: string,
  file: string,
  records: readonly ImportRecord[],
  config: SeamConfig,
  resolver: Resolver,
): PurityFinding[] {
  const out: PurityFinding[] = [];
  records.forEach((record, index) => {
    if (record.typeOnly) return;
    const target = resolver.guess(file, record.specifier);
    const targetRel = target ? toRel(root, target) : record.specifier;
    const base = { line: record.line, key: record.specifier, index };
    if (record.kind === "dynamic" || record.kind === "require") {
      out.push({ ...base, messageId: "runtimeLoad", data: { specifier: record.specifier, target: targetRel } });
    } else if (!target) {
      const allowed =
        config.specs.allowedPackages.includes(packageName(record.specifier)) ||
        config.specs.allowedPackages.includes(record.specifier);
      if (!allowed)
        out.push({ ...base, messageId: "packageImport", data: { specifier: record.specifier, target: targetRel } });
    } else if (!isSchemaFile(config, targetRel)) {
      out.push({
        ...base,
        messageId: "implementationImport",
        data: { specifier: record.specifier, target: targetRel },
      });
    }
  });
  return out;
}
