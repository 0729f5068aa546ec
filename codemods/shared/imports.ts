/**
 * Import bookkeeping for one file, as text edits: which names a file imports from where,
 * removing specifiers without disturbing the layout of the rest of the list, and adding names
 * (merged into an existing import of the same module, else one new line after the last import,
 * aliased when the name is already taken in the file). Consumed by both call-site codemods.
 */
import type TS from "typescript";
import type { TypeScriptApi } from "./parse.js";
import type { TextEdit } from "./splice.js";

export interface NamedImport {
  readonly decl: TS.ImportDeclaration;
  readonly element: TS.ImportSpecifier;
  readonly module: string;
  /** The exported name (`a` in `a as b`). */
  readonly imported: string;
  readonly local: string;
  readonly typeOnly: boolean;
}

export function namedImports(ts: TypeScriptApi, sf: TS.SourceFile): NamedImport[] {
  const out: NamedImport[] = [];
  for (const stmt of sf.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
    const bindings = stmt.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      out.push({
        decl: stmt,
        element,
        module: stmt.moduleSpecifier.text,
        imported: (element.propertyName ?? element.name).text,
        local: element.name.text,
        typeOnly: Boolean(stmt.importClause?.isTypeOnly) || element.isTypeOnly,
      });
    }
  }
  return out;
}

/** Every identifier the file binds or reads (property names excluded): a conservative "is this name taken" set. */
export function identifierNames(ts: TypeScriptApi, sf: TS.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: TS.Node): void => {
    const p = node.parent;
    const propertyName =
      p !== undefined &&
      ((ts.isPropertyAccessExpression(p) && p.name === node) ||
        ((ts.isPropertyAssignment(p) ||
          ts.isPropertySignature(p) ||
          ts.isPropertyDeclaration(p) ||
          ts.isMethodDeclaration(p)) &&
          p.name === node));
    if (ts.isIdentifier(node) && !propertyName) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

interface Wanted {
  readonly module: string;
  readonly imported: string;
  readonly local: string;
}

/** Accumulates import removals and additions for one file, then renders them as edits. */
export class ImportPlan {
  private readonly removals = new Set<TS.ImportSpecifier>();
  private readonly wanted: Wanted[] = [];
  private readonly taken: Set<string>;
  private readonly existing: NamedImport[];

  constructor(
    private readonly ts: TypeScriptApi,
    private readonly sf: TS.SourceFile,
  ) {
    this.existing = namedImports(ts, sf);
    this.taken = identifierNames(ts, sf);
  }

  remove(element: TS.ImportSpecifier): void {
    this.removals.add(element);
  }

  /** Adds `imported as local` from `module` with exactly that local name (the caller freed it). */
  needExactly(module: string, imported: string, local: string): string {
    const have = this.existing.find(
      (i) =>
        i.module === module &&
        i.imported === imported &&
        i.local === local &&
        !i.typeOnly &&
        !this.removals.has(i.element),
    );
    if (have || this.wanted.some((w) => w.module === module && w.imported === imported && w.local === local))
      return local;
    this.taken.add(local);
    this.wanted.push({ module, imported, local });
    return local;
  }

  /** Ensures `imported` from `module` is in scope; returns the local name to write. */
  need(module: string, imported: string, aliasBase = imported): string {
    const have = this.existing.find(
      (i) => i.module === module && i.imported === imported && !i.typeOnly && !this.removals.has(i.element),
    );
    if (have) return have.local;
    const planned = this.wanted.find((w) => w.module === module && w.imported === imported);
    if (planned) return planned.local;
    let local = imported;
    if (this.taken.has(local)) {
      local = aliasBase;
      for (let i = 2; this.taken.has(local); i++) local = `${aliasBase}${i}`;
    }
    this.taken.add(local);
    this.wanted.push({ module, imported, local });
    return local;
  }

  /** Names this plan adds from `module` (imported names). */
  addedFrom(module: string): string[] {
    return this.wanted.filter((w) => w.module === module).map((w) => w.imported);
  }

  get hasAdditions(): boolean {
    return this.wanted.length > 0;
  }

  edits(): TextEdit[] {
    return [...this.removalEdits(), ...this.additionEdits()];
  }

  private removalEdits(): TextEdit[] {
    const byDecl = new Map<TS.ImportDeclaration, TS.ImportSpecifier[]>();
    for (const el of this.removals) {
      const decl = el.parent.parent.parent;
      if (!this.ts.isImportDeclaration(decl)) continue;
      byDecl.set(decl, [...(byDecl.get(decl) ?? []), el]);
    }
    const edits: TextEdit[] = [];
    for (const [decl, removed] of byDecl) {
      const clause = decl.importClause;
      const elements =
        clause?.namedBindings && this.ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements
          : undefined;
      if (!clause || !elements) continue;
      const keep = elements.filter((e) => !removed.includes(e));
      if (keep.length === 0 && !clause.name) {
        edits.push(this.wholeStatement(decl));
        continue;
      }
      if (keep.length === 0 && clause.name && clause.namedBindings) {
        edits.push({ start: clause.name.end, end: clause.namedBindings.end, text: "" });
        continue;
      }
      const mergeInto = this.wanted.some(
        (w) => this.ts.isStringLiteral(decl.moduleSpecifier) && w.module === decl.moduleSpecifier.text,
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
        if (!removed.includes(el)) return;
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

  /** The import whose style (quotes, semicolon) new lines copy: the one they go after, else the first. */
  private styleSource(): TS.ImportDeclaration | undefined {
    const imports = this.sf.statements.filter((s): s is TS.ImportDeclaration => this.ts.isImportDeclaration(s));
    const surviving = imports.filter((d) => !this.wholyRemoved(d));
    return surviving[surviving.length - 1] ?? imports[0];
  }

  private quote(): string {
    const src = this.styleSource();
    return src && src.moduleSpecifier.getText(this.sf).startsWith("'") ? "'" : '"';
  }

  private semi(): string {
    const src = this.styleSource();
    return src && !src.getText(this.sf).endsWith(";") ? "" : ";";
  }

  private eol(): string {
    return this.sf.text.includes("\r\n") ? "\r\n" : "\n";
  }

  private additionEdits(): TextEdit[] {
    const edits: TextEdit[] = [];
    const modules = [...new Set(this.wanted.map((w) => w.module))];
    const fresh: string[] = [];
    for (const module of modules) {
      const names = this.wanted
        .filter((w) => w.module === module)
        .map((w) => (w.local === w.imported ? w.imported : `${w.imported} as ${w.local}`));
      const target = this.mergeTarget(module);
      if (target) edits.push(this.appendTo(target, names));
      else fresh.push(`import { ${names.join(", ")} } from ${this.quote()}${module}${this.quote()}${this.semi()}`);
    }
    if (fresh.length > 0) edits.push(this.insertLines(fresh));
    return edits;
  }

  private mergeTarget(module: string): TS.NamedImports | undefined {
    for (const stmt of this.sf.statements) {
      if (
        !this.ts.isImportDeclaration(stmt) ||
        !this.ts.isStringLiteral(stmt.moduleSpecifier) ||
        stmt.moduleSpecifier.text !== module
      )
        continue;
      const clause = stmt.importClause;
      if (!clause || clause.isTypeOnly || !clause.namedBindings || !this.ts.isNamedImports(clause.namedBindings))
        continue;
      const els = clause.namedBindings.elements;
      if (els.length === 0 || els.every((e) => this.removals.has(e))) continue;
      return clause.namedBindings;
    }
    return undefined;
  }

  private appendTo(named: TS.NamedImports, names: string[]): TextEdit {
    const els = named.elements;
    const kept = els.filter((e) => !this.removals.has(e));
    const last = kept[kept.length - 1] as TS.ImportSpecifier;
    const first = els[0] as TS.ImportSpecifier;
    const text = this.sf.text;
    const multiline = text.slice(named.getStart(this.sf), first.getStart(this.sf)).includes("\n");
    const eol = this.eol();
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

  private insertLines(lines: string[]): TextEdit {
    const imports = this.sf.statements.filter((s): s is TS.ImportDeclaration => this.ts.isImportDeclaration(s));
    const surviving = imports.filter((d) => !this.wholyRemoved(d));
    const lastImport = surviving[surviving.length - 1];
    if (lastImport) {
      const trailing = /^[ \t]*(\/\/[^\r\n]*|\/\*[^\r\n]*?\*\/[ \t]*)?/.exec(this.sf.text.slice(lastImport.end));
      const at = lastImport.end + (trailing?.[0].length ?? 0);
      return { start: at, end: at, text: lines.map((l) => `${this.eol()}${l}`).join("") };
    }
    const firstRemoved = imports[0];
    if (firstRemoved) {
      const at = this.wholeStatement(firstRemoved).start;
      return { start: at, end: at, text: lines.map((l) => `${l}${this.eol()}`).join("") };
    }
    const first = this.sf.statements[0];
    const at = first ? first.getStart(this.sf) : this.sf.text.length;
    return { start: at, end: at, text: `${lines.join(this.eol())}${this.eol()}${this.eol()}` };
  }
}
