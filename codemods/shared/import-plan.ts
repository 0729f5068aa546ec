/**
 * The one import merger: the import removals and additions of one file, rendered as text edits
 * (splice.ts) so every other byte stays. Removing a specifier leaves the rest of its list as it
 * was laid out; a need already in scope is not imported twice; a new name merges into an
 * existing import of the same module and kind (type-only or value), else goes on a new line
 * after the last import (style: import-style.ts); a name the file already uses is aliased when
 * the caller lets the plan choose the local name. Used by the call-site codemods on the
 * TypeScript they parse with, and by tool-class-to-capability (emit/imports.ts) on ts-morph's.
 */
import type TS from "typescript";
import { identifierNames, importBindings, type ImportBinding, type ImportNeed } from "./imports.js";
import { addTo } from "../../lib/multimap.js";
import { importLines, namedClauses, ImportStyle } from "./import-style.js";
import type { TypeScriptApi } from "./parse.js";
import type { TextEdit } from "./splice.js";

const bindingKey = (module: string, imported: string): string => `${module}\0${imported}`;
const wantedKey = (need: ImportNeed): string => `${bindingKey(need.specifier, need.imported)}\0${need.local}`;

/** Accumulates import removals and additions for one file, then renders them as edits. */
export class ImportPlan {
  private readonly removals = new Set<TS.ImportSpecifier>();
  private readonly wanted: ImportNeed[] = [];
  /** Index in `wanted` of each binding (module, imported, local), and of the first per (module, imported). */
  private readonly wantedAt = new Map<string, number>();
  private readonly firstWanted = new Map<string, number>();
  /**
   * The file's own import bindings by module and imported name, in file order: a scan of every
   * binding per need made a file importing many names (a belt builder) quadratic.
   */
  private readonly existing = new Map<string, ImportBinding[]>();
  /** Built on the first aliasing `need` only: it walks the whole file. */
  private taken: Set<string> | undefined;

  /** `style`: how new imports are written; by default the file's own (ImportStyle.copiedFrom). */
  constructor(
    private readonly ts: TypeScriptApi,
    private readonly sf: TS.SourceFile,
    private readonly style?: ImportStyle,
  ) {
    for (const b of importBindings(ts, sf)) {
      const key = bindingKey(b.module, b.imported);
      const list = this.existing.get(key);
      if (list) list.push(b);
      else this.existing.set(key, [b]);
    }
  }

  remove(element: TS.ImportSpecifier): void {
    this.removals.add(element);
  }

  /**
   * Ensures exactly `need` is in scope (the caller chose the local name). An existing import of
   * the same binding satisfies it when it is a value import or the need is type-only; needing a
   * planned binding again as a value makes the planned import a value import.
   */
  add(need: ImportNeed): void {
    const have = (this.existing.get(bindingKey(need.specifier, need.imported)) ?? []).some(
      (i) => i.local === need.local && (!i.typeOnly || need.typeOnly) && !(i.element && this.removals.has(i.element)),
    );
    if (have) return;
    // A value need of a name the file imports type-only: that import gives way (its specifier is
    // removed), so the name is bound once, as a value, not twice.
    if (!need.typeOnly) {
      const typeOnly = (this.existing.get(bindingKey(need.specifier, need.imported)) ?? []).find(
        (i) => i.element && i.typeOnly && i.local === need.local,
      );
      if (typeOnly?.element) this.removals.add(typeOnly.element);
    }
    const planned = this.wantedAt.get(wantedKey(need)) ?? -1;
    if (planned >= 0) {
      const w = this.wanted[planned] as ImportNeed;
      if (w.typeOnly && !need.typeOnly) this.wanted[planned] = { ...w, typeOnly: false };
      return;
    }
    this.taken?.add(need.local);
    this.wantedAt.set(wantedKey(need), this.wanted.length);
    const first = bindingKey(need.specifier, need.imported);
    if (!this.firstWanted.has(first)) this.firstWanted.set(first, this.wanted.length);
    this.wanted.push(need);
  }

  /** Adds the value `imported as local` from `module` with exactly that local name (the caller freed it). */
  needExactly(module: string, imported: string, local: string): string {
    this.add({ specifier: module, imported, local, typeOnly: false });
    return local;
  }

  /** Ensures the value `imported` from `module` is in scope; returns the local name to write. */
  need(module: string, imported: string, aliasBase = imported): string {
    const have = (this.existing.get(bindingKey(module, imported)) ?? []).find(
      (i) => !i.typeOnly && !(i.element && this.removals.has(i.element)),
    );
    if (have) return have.local;
    // Imported type-only under a name: keep that name, as a value (add() lifts the import).
    const typeOnly = (this.existing.get(bindingKey(module, imported)) ?? []).find(
      (i) => i.typeOnly && i.element && !this.removals.has(i.element),
    );
    if (typeOnly) return this.needExactly(module, imported, typeOnly.local);
    const at = this.firstWanted.get(bindingKey(module, imported));
    const planned = at === undefined ? undefined : this.wanted[at];
    if (planned) {
      this.add({ ...planned, typeOnly: false });
      return planned.local;
    }
    const taken = (this.taken ??= new Set([...identifierNames(this.ts, this.sf), ...this.wanted.map((w) => w.local)]));
    let local = imported;
    if (taken.has(local)) {
      local = aliasBase;
      for (let i = 2; taken.has(local); i++) local = `${aliasBase}${i}`;
    }
    this.add({ specifier: module, imported, local, typeOnly: false });
    return local;
  }

  /** Names this plan adds from `module` (imported names). */
  addedFrom(module: string): string[] {
    return this.wanted.filter((w) => w.specifier === module).map((w) => w.imported);
  }

  get hasAdditions(): boolean {
    return this.wanted.length > 0;
  }

  edits(): TextEdit[] {
    return [...this.removalEdits(), ...this.additionEdits()];
  }

  private removalEdits(): TextEdit[] {
    // Sets, not arrays searched per element: one import of many names removed is not quadratic.
    const byDecl = new Map<TS.ImportDeclaration, Set<TS.ImportSpecifier>>();
    for (const el of this.removals) {
      const decl = el.parent.parent.parent;
      if (!this.ts.isImportDeclaration(decl)) continue;
      const removed = byDecl.get(decl);
      if (removed) removed.add(el);
      else byDecl.set(decl, new Set([el]));
    }
    const edits: TextEdit[] = [];
    for (const [decl, removed] of byDecl) {
      const clause = decl.importClause;
      const elements =
        clause?.namedBindings && this.ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements
          : undefined;
      if (!clause || !elements) continue;
      const keep = elements.filter((e) => !removed.has(e));
      if (keep.length === 0 && !clause.name) {
        edits.push(this.wholeStatement(decl));
        continue;
      }
      if (keep.length === 0 && clause.name && clause.namedBindings) {
        edits.push({ start: clause.name.end, end: clause.namedBindings.end, text: "" });
        continue;
      }
      const mergeInto = this.wanted.some(
        (w) =>
          !w.typeOnly && this.ts.isStringLiteral(decl.moduleSpecifier) && w.specifier === decl.moduleSpecifier.text,
      );
      if (!clause.isTypeOnly && !clause.name && !mergeInto && keep.every((e) => e.isTypeOnly)) {
        const names = keep.map((e) => e.getText(this.sf).replace(/^type\s+/, "")).join(", ");
        const semi = decl.getText(this.sf).endsWith(";") ? ";" : "";
        edits.push({
          start: decl.getStart(this.sf),
          end: decl.end,
          text: `import type { ${names} } from ${decl.moduleSpecifier.getText(this.sf)}${semi}`,
        });
        continue;
      }
      const lastKept = elements.indexOf(keep[keep.length - 1] as TS.ImportSpecifier);
      elements.forEach((el, i) => {
        if (!removed.has(el)) return;
        const next = elements[i + 1];
        if (i < lastKept && next) edits.push({ start: el.getStart(this.sf), end: next.getStart(this.sf), text: "" });
      });
      const tail = elements.slice(lastKept + 1);
      const lastTail = tail[tail.length - 1];
      const kept = elements[lastKept];
      if (lastTail && kept) edits.push({ start: kept.end, end: lastTail.end, text: "" });
    }
    return edits;
  }

  /** The statement plus its line break, so no blank line is left behind. */
  private wholeStatement(decl: TS.ImportDeclaration): TextEdit {
    const text = this.sf.text;
    const start = decl.getStart(this.sf);
    let end = decl.end;
    const rest = /^[ \t]*(\/\/[^\r\n]*)?/.exec(text.slice(end));
    if (rest) end += rest[0].length;
    if (text[end] === "\r") end++;
    if (text[end] === "\n") end++;
    let lineStart = start;
    while (lineStart > 0 && (text[lineStart - 1] === " " || text[lineStart - 1] === "\t")) lineStart--;
    return { start: lineStart, end, text: "" };
  }

  private imports(): TS.ImportDeclaration[] {
    return this.sf.statements.filter((s): s is TS.ImportDeclaration => this.ts.isImportDeclaration(s));
  }

  /** The file's style, copied from the import new lines go after (the last surviving), else the first. */
  private copiedStyle(): ImportStyle {
    const imports = this.imports();
    const surviving = imports.filter((d) => !this.wholyRemoved(d));
    return ImportStyle.copiedFrom(this.sf, surviving[surviving.length - 1] ?? imports[0]);
  }

  private additionEdits(): TextEdit[] {
    if (this.wanted.length === 0) return [];
    const style = this.style ?? this.copiedStyle();
    const edits: TextEdit[] = [];
    const fresh: ImportNeed[] = [];
    const hosts = new Map<TS.NamedImports, ImportNeed[]>();
    // The target per module and kind, found once: many needs from one module scanned the imports each.
    const targets = new Map<string, TS.NamedImports | undefined>();
    for (const w of this.wanted) {
      const key = `${w.specifier}\0${w.typeOnly}`;
      if (!targets.has(key)) targets.set(key, this.mergeTarget(w));
      const host = w.imported === "*" || w.imported === "default" ? undefined : targets.get(key);
      if (host) addTo(hosts, host, w);
      else fresh.push(w);
    }
    for (const [host, needs] of hosts) edits.push(this.appendTo(host, namedClauses(needs, style), style.eol));
    const lines = importLines(fresh, style);
    if (lines.length > 0) edits.push(this.insertLines(lines, style.eol));
    return edits;
  }

  /** The first `{ ... }` list importing from the need's module with the need's kind (type-only or value). */
  private mergeTarget(need: ImportNeed): TS.NamedImports | undefined {
    for (const stmt of this.imports()) {
      if (!this.ts.isStringLiteral(stmt.moduleSpecifier) || stmt.moduleSpecifier.text !== need.specifier) continue;
      const clause = stmt.importClause;
      if (
        !clause ||
        clause.isTypeOnly !== need.typeOnly ||
        !clause.namedBindings ||
        !this.ts.isNamedImports(clause.namedBindings)
      )
        continue;
      const els = clause.namedBindings.elements;
      if (els.length === 0 || els.every((e) => this.removals.has(e))) continue;
      return clause.namedBindings;
    }
    return undefined;
  }

  /** `names` after the list's last kept name, one a line (at its indent) in a list laid out a name a line. */
  private appendTo(named: TS.NamedImports, names: string[], eol: string): TextEdit {
    const els = named.elements;
    const kept = els.filter((e) => !this.removals.has(e));
    const last = kept[kept.length - 1] as TS.ImportSpecifier;
    const first = els[0] as TS.ImportSpecifier;
    const text = this.sf.text;
    const multiline = text.slice(named.getStart(this.sf), first.getStart(this.sf)).includes("\n");
    if (!multiline) return { start: last.end, end: last.end, text: names.map((n) => `, ${n}`).join("") };
    const lineStart = text.lastIndexOf("\n", last.getStart(this.sf)) + 1;
    const indent = text.slice(lineStart, last.getStart(this.sf));
    if (els.hasTrailingComma && last === els[els.length - 1]) {
      const comma = text.indexOf(",", last.end);
      return { start: comma + 1, end: comma + 1, text: names.map((n) => `${eol}${indent}${n},`).join("") };
    }
    return { start: last.end, end: last.end, text: names.map((n) => `,${eol}${indent}${n}`).join("") };
  }

  private wholyRemoved(decl: TS.ImportDeclaration): boolean {
    const clause = decl.importClause;
    const nb = clause?.namedBindings;
    return Boolean(
      clause &&
      !clause.name &&
      nb &&
      this.ts.isNamedImports(nb) &&
      nb.elements.length > 0 &&
      nb.elements.every((e) => this.removals.has(e)),
    );
  }

  /** New lines after the last surviving import (past a comment on its line), else before the first statement. */
  private insertLines(lines: string[], eol: string): TextEdit {
    const imports = this.imports();
    const surviving = imports.filter((d) => !this.wholyRemoved(d));
    const lastImport = surviving[surviving.length - 1];
    if (lastImport) {
      const trailing = /^[ \t]*(\/\/[^\r\n]*|\/\*[^\r\n]*?\*\/[ \t]*)?/.exec(this.sf.text.slice(lastImport.end));
      const at = lastImport.end + (trailing?.[0].length ?? 0);
      return { start: at, end: at, text: lines.map((l) => `${eol}${l}`).join("") };
    }
    const firstRemoved = imports[0];
    if (firstRemoved) {
      const at = this.wholeStatement(firstRemoved).start;
      return { start: at, end: at, text: lines.map((l) => `${l}${eol}`).join("") };
    }
    const first = this.sf.statements[0];
    const at = first ? first.getStart(this.sf) : this.sf.text.length;
    return { start: at, end: at, text: `${lines.join(eol)}${eol}${eol}` };
  }
}
