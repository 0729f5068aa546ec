/**
 * How added import lines are written, and the writing itself. A style comes from one of two
 * places: a file being edited lends its own (the quotes and semicolon of its imports, its line
 * ending; new lines in the order they were needed), while freshly generated files use one fixed
 * style (double quotes, semicolons, `\n`, lines sorted by specifier and names sorted), so the
 * same migration always writes the same bytes. Consumed by the import plan (import-plan.ts).
 */
import type TS from "typescript";
import type { ImportNeed } from "./imports.js";
import { addTo } from "../../lib/multimap.js";

export interface ImportStyle {
  readonly quote: '"' | "'";
  readonly semicolon: boolean;
  readonly eol: "\n" | "\r\n";
  /** New lines sorted by specifier and the names of a line sorted (else in the order needed). */
  readonly sorted: boolean;
}

const GENERATED: ImportStyle = { quote: '"', semicolon: true, eol: "\n", sorted: true };

export const ImportStyle = {
  /**
   * The style of `sf`'s own imports, read from `source` (the import new lines go after; with
   * none, double quotes and a semicolon) and the file's line ending.
   */
  copiedFrom(sf: TS.SourceFile, source: TS.ImportDeclaration | undefined): ImportStyle {
    return {
      quote: source?.moduleSpecifier.getText(sf).startsWith("'") ? "'" : '"',
      semicolon: !source || source.getText(sf).endsWith(";"),
      eol: sf.text.includes("\r\n") ? "\r\n" : "\n",
      sorted: false,
    };
  },
  /** The fixed style of code capkit generates. */
  generated(): ImportStyle {
    return GENERATED;
  },
};

/** `a`, or `a as b`. */
export function importClause(need: Pick<ImportNeed, "imported" | "local">): string {
  return need.imported === need.local ? need.imported : `${need.imported} as ${need.local}`;
}

/** The names of `needs` as written inside `{ }`, once each, sorted when the style says so. */
export function namedClauses(needs: readonly ImportNeed[], style: ImportStyle): string[] {
  const names = [...new Set(needs.map(importClause))];
  return style.sorted ? names.sort() : names;
}

function quoted(specifier: string, style: ImportStyle): string {
  if (style.quote === '"') return JSON.stringify(specifier);
  return `'${specifier.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** The lines of one specifier's needs: type-only apart from values, a namespace on a line of its own. */
function linesFor(specifier: string, needs: readonly ImportNeed[], style: ImportStyle): string[] {
  const lines: string[] = [];
  const from = ` from ${quoted(specifier, style)}${style.semicolon ? ";" : ""}`;
  for (const typeOnly of [true, false]) {
    const group = needs.filter((n) => n.typeOnly === typeOnly);
    if (!group.length) continue;
    const keyword = typeOnly ? "import type" : "import";
    const namespace = group.find((n) => n.imported === "*");
    if (namespace) lines.push(`${keyword} * as ${namespace.local}${from}`);
    const byDefault = group.find((n) => n.imported === "default");
    const named = namedClauses(
      group.filter((n) => n.imported !== "*" && n.imported !== "default"),
      style,
    );
    const bindings = [byDefault?.local, named.length ? `{ ${named.join(", ")} }` : null].filter(Boolean);
    if (bindings.length) lines.push(`${keyword} ${bindings.join(", ")}${from}`);
  }
  return lines;
}

/** New import lines for `needs` (none already imported), one group of lines per specifier. */
export function importLines(needs: readonly ImportNeed[], style: ImportStyle): string[] {
  const bySpecifier = new Map<string, ImportNeed[]>();
  for (const n of needs) addTo(bySpecifier, n.specifier, n);
  const specifiers = [...bySpecifier.keys()];
  if (style.sorted) specifiers.sort();
  return specifiers.flatMap((s) => linesFor(s, bySpecifier.get(s) ?? [], style));
}
