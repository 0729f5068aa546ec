/**
 * Edits the file a class came from, by text splicing: the migrated classes (or, with
 * --keep-shims, their replacement shims) and the declarations that moved with them go;
 * declarations now imported from here gain `export`; imports only the removed code used are
 * dropped (imports that were already unused are left alone). Returns null when nothing but
 * comments would be left, i.e. the file should be deleted.
 */
import { Node, ts, type Project, type SourceFile, type Statement } from "ts-morph";
import { applyEdits, type TextEdit } from "../../shared/splice.js";
import { parseText } from "./morph.js";

export interface SourceEdits {
  readonly remove: readonly Statement[];
  readonly exportAdd: readonly Statement[];
  /** Replacement text per removed class (shims), keyed by statement. */
  readonly replace?: ReadonlyMap<Statement, string>;
}

function removalRange(stmt: Statement): { start: number; end: number } {
  const sf = stmt.getSourceFile();
  const full = stmt.getFullStart();
  if (full > 0) return { start: full, end: stmt.getEnd() };
  const doc = Node.isJSDocable(stmt) ? stmt.getJsDocs()[0] : undefined;
  const start = doc ? doc.getStart() : stmt.getStart();
  const after =
    sf
      .getFullText()
      .slice(stmt.getEnd())
      .match(/^[ \t]*\n?/)?.[0].length ?? 0;
  return { start, end: stmt.getEnd() + after };
}

/**
 * The text of every identifier under `node` (JSDoc included; `skipImports`: none under an import
 * declaration), from the compiler's tree: ts-morph's descendant walks materialise and keep every
 * token of every removed class, which made memory grow with the classes of a file. Same set as
 * ts-morph's getDescendantsOfKind(Identifier): identifiers are never synthetic tokens.
 */
function identifierTexts(node: ts.Node, sf: ts.SourceFile, into: Set<string>, skipImports = false): Set<string> {
  const visit = (n: ts.Node): void => {
    if (skipImports && n.kind === ts.SyntaxKind.ImportDeclaration) return;
    for (const doc of (n as { jsDoc?: ts.Node[] }).jsDoc ?? []) visit(doc);
    if (n.kind === ts.SyntaxKind.Identifier) into.add(n.getText(sf));
    ts.forEachChild(n, visit);
  };
  visit(node);
  return into;
}

/** The classes that go without a shim: their names no longer exist in the file. */
function removedClasses(edits: SourceEdits): Set<string> {
  const names = edits.remove.flatMap((stmt) =>
    Node.isClassDeclaration(stmt) && !edits.replace?.has(stmt) ? [stmt.getName() ?? ""] : [],
  );
  return new Set(names.filter((n) => n !== ""));
}

/**
 * A file exporting a class in a separate statement (`class DadJokeAPI …` then
 * `export { DadJokeAPI };` or `export default DadJokeAPI;`, as langchainjs does) loses that
 * export with the class, as an `export class` would: else the file exports a name it no longer
 * declares. Only local exports (no module specifier) of the removed names are touched.
 */
function localExportEdits(sf: SourceFile, text: string, gone: ReadonlySet<string>): TextEdit[] {
  if (gone.size === 0) return [];
  const out: TextEdit[] = [];
  for (const decl of sf.getExportDeclarations()) {
    if (decl.getModuleSpecifier()) continue;
    const specs = decl.getNamedExports();
    const dead = specs.filter((x) => gone.has(x.getName()));
    if (dead.length === 0) continue;
    if (dead.length === specs.length) {
      out.push({ ...removalRange(decl), text: "" });
      continue;
    }
    for (const x of dead) {
      const next = text.slice(x.getEnd()).match(/^\s*,\s*/)?.[0] ?? "";
      const prev = next ? "" : (text.slice(0, x.getStart()).match(/,\s*$/)?.[0] ?? "");
      out.push({ start: x.getStart() - prev.length, end: x.getEnd() + next.length, text: "" });
    }
  }
  for (const a of sf.getExportAssignments()) {
    const e = a.getExpression();
    if (Node.isIdentifier(e) && gone.has(e.getText())) out.push({ ...removalRange(a), text: "" });
  }
  return out;
}

function exportPosition(stmt: Statement): number {
  return stmt.getStart();
}

export function rewriteSource(project: Project, sf: SourceFile, edits: SourceEdits): string | null {
  const text = sf.getFullText();
  const changes: TextEdit[] = [];
  const removedNames = new Set<string>();
  for (const stmt of edits.remove) {
    const shim = edits.replace?.get(stmt);
    identifierTexts(stmt.compilerNode, sf.compilerNode, removedNames);
    if (shim !== undefined) {
      const doc = Node.isJSDocable(stmt) ? stmt.getJsDocs()[0] : undefined;
      changes.push({ start: doc ? doc.getStart() : stmt.getStart(), end: stmt.getEnd(), text: shim });
    } else changes.push({ ...removalRange(stmt), text: "" });
  }
  for (const stmt of edits.exportAdd)
    changes.push({ start: exportPosition(stmt), end: exportPosition(stmt), text: "export " });
  changes.push(...localExportEdits(sf, text, removedClasses(edits)));
  const afterRemoval = applyEdits(sf.getFilePath(), text, changes);
  const next = parseText(project, `.capkit-scratch${sf.getFilePath()}`, afterRemoval);
  const used = identifierTexts(next.compilerNode, next.compilerNode, new Set(), true);
  const importEdits: TextEdit[] = [];
  for (const decl of next.getImportDeclarations()) {
    const names = [
      ...(decl.getDefaultImport() ? [decl.getDefaultImport()?.getText() ?? ""] : []),
      ...(decl.getNamespaceImport() ? [decl.getNamespaceImport()?.getText() ?? ""] : []),
      ...decl.getNamedImports().map((s) => s.getAliasNode()?.getText() ?? s.getName()),
    ];
    if (names.length === 0) continue; // side-effect import
    const dead = names.filter((n) => removedNames.has(n) && !used.has(n));
    if (dead.length === 0) continue;
    if (dead.length === names.length) {
      importEdits.push({ ...removalRange(decl), text: "" });
      continue;
    }
    for (const spec of decl.getNamedImports()) {
      const local = spec.getAliasNode()?.getText() ?? spec.getName();
      if (!dead.includes(local)) continue;
      const nextToken = afterRemoval.slice(spec.getEnd()).match(/^\s*,\s*/)?.[0] ?? "";
      if (nextToken) importEdits.push({ start: spec.getStart(), end: spec.getEnd() + nextToken.length, text: "" });
      else {
        const prevComma = afterRemoval.slice(0, spec.getStart()).match(/,\s*$/)?.[0] ?? "";
        importEdits.push({ start: spec.getStart() - prevComma.length, end: spec.getEnd(), text: "" });
      }
    }
    const def = decl.getDefaultImport();
    if (def && dead.includes(def.getText())) {
      const comma = afterRemoval.slice(def.getEnd()).match(/^\s*,\s*/)?.[0] ?? "";
      importEdits.push({ start: def.getStart(), end: def.getEnd() + comma.length, text: "" });
    }
  }
  // Removals next to a kept header or at the top of the file leave blank-line runs the author
  // never wrote: drop them (only when the original had no such run, so kept code stays as is).
  let result = applyEdits(sf.getFilePath(), afterRemoval, importEdits);
  if (!/\n[ \t]*\n[ \t]*\n/.test(text)) result = result.replace(/\n(?:[ \t]*\n){2,}/g, "\n\n");
  if (!/^\s*\n/.test(text)) result = result.replace(/^\s*\n/, "");
  const final = parseText(project, `.capkit-scratch${sf.getFilePath()}`, result);
  if (final.getStatements().length === 0) return null;
  return result;
}

export function isStatementNode(node: Node): node is Statement {
  return Node.isStatement(node);
}
