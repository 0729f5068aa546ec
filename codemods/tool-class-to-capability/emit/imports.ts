/**
 * Import bookkeeping for generated files: a needed import is (specifier, imported name, local
 * name, type-only). `mergeImports` adds what a file lacks by text splicing, extending an
 * existing declaration from the same module or adding a line after the last import. (Specifier
 * arithmetic lives in codemods/shared/paths.ts.)
 */
import type { SourceFile } from "ts-morph";

export interface ImportNeed {
  readonly specifier: string;
  /** "default", "*" or an exported name. */
  readonly imported: string;
  readonly local: string;
  readonly typeOnly: boolean;
}

function clause(imported: string, local: string): string {
  return imported === local ? imported : `${imported} as ${local}`;
}

/** Render needs for one specifier as import lines (value and type imports apart). */
function renderLines(needs: readonly ImportNeed[]): string[] {
  const lines: string[] = [];
  for (const typeOnly of [true, false]) {
    const group = needs.filter((n) => n.typeOnly === typeOnly);
    if (!group.length) continue;
    const spec = group[0]?.specifier ?? "";
    const kw = typeOnly ? "import type" : "import";
    const ns = group.find((n) => n.imported === "*");
    if (ns) lines.push(`${kw} * as ${ns.local} from ${JSON.stringify(spec)};`);
    const def = group.find((n) => n.imported === "default");
    const named = [
      ...new Set(
        group.filter((n) => n.imported !== "*" && n.imported !== "default").map((n) => clause(n.imported, n.local)),
      ),
    ].sort();
    if (def || named.length)
      lines.push(
        `${kw} ${[def?.local, named.length ? `{ ${named.join(", ")} }` : null].filter(Boolean).join(", ")} from ${JSON.stringify(spec)};`,
      );
  }
  return lines;
}

/** Drop needs already satisfied, and value needs that make a type need redundant. */
function normalize(needs: readonly ImportNeed[]): ImportNeed[] {
  const byKey = new Map<string, ImportNeed>();
  for (const n of needs) {
    const key = `${n.specifier}\0${n.imported}\0${n.local}`;
    const prev = byKey.get(key);
    byKey.set(key, prev ? { ...n, typeOnly: prev.typeOnly && n.typeOnly } : n);
  }
  return [...byKey.values()];
}

/** `text` with `needs` imported (text splicing; untouched lines stay byte-identical). */
export function mergeImports(sf: SourceFile, needs: readonly ImportNeed[]): string {
  const text = sf.getFullText();
  const edits: { pos: number; text: string }[] = [];
  const missing: ImportNeed[] = [];
  const decls = sf.getImportDeclarations();
  for (const need of normalize(needs)) {
    const existing = decls.filter((d) => d.getModuleSpecifierValue() === need.specifier);
    const has = existing.some((d) =>
      need.imported === "*"
        ? d.getNamespaceImport()?.getText() === need.local
        : need.imported === "default"
          ? d.getDefaultImport()?.getText() === need.local
          : d
              .getNamedImports()
              .some(
                (s) =>
                  s.getName() === need.imported &&
                  (s.getAliasNode()?.getText() ?? s.getName()) === need.local &&
                  (!s.isTypeOnly() || need.typeOnly) &&
                  (!d.isTypeOnly() || need.typeOnly),
              ),
    );
    if (has) continue;
    const host = existing.find(
      (d) =>
        d.isTypeOnly() === need.typeOnly &&
        d.getNamedImports().length > 0 &&
        need.imported !== "*" &&
        need.imported !== "default",
    );
    if (host) {
      const last = host.getNamedImports().at(-1);
      if (last) edits.push({ pos: last.getEnd(), text: `, ${clause(need.imported, need.local)}` });
      continue;
    }
    missing.push(need);
  }
  const bySpec = new Map<string, ImportNeed[]>();
  for (const n of missing) bySpec.set(n.specifier, [...(bySpec.get(n.specifier) ?? []), n]);
  const lines = [...bySpec.keys()].sort().flatMap((spec) => renderLines(bySpec.get(spec) ?? []));
  if (lines.length) {
    const lastImport = decls.at(-1);
    if (lastImport) edits.push({ pos: lastImport.getEnd(), text: `\n${lines.join("\n")}` });
    else {
      const first = sf.getStatements()[0];
      const pos = first ? first.getStart() : text.length;
      edits.push({ pos, text: `${lines.join("\n")}\n\n` });
    }
  }
  edits.sort((a, b) => b.pos - a.pos);
  let out = text;
  for (const e of edits) out = out.slice(0, e.pos) + e.text + out.slice(e.pos);
  return out;
}
