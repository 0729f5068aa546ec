/**
 * Renames free identifiers in generated code text: every reference to `old` becomes `new`, but
 * never a member name (`a.old`, `{ old: 1 }`, `old(): void` in a type, `A.old`), and a shorthand
 * (`{ old }`, `const { old } = x`) keeps its key (`{ old: new }`). Used when code moved from two
 * source files meets in one generated file and both bind the same name to different things.
 * Text splicing over TypeScript's parse; untouched characters stay byte-identical.
 */
import type TS from "typescript";
import { parseSource } from "../../shared/parse.js";

/** How the text parses: top-level statements, or one element of an array (an `exports` entry). */
export type SnippetKind = "statements" | "element";

function isMemberName(ts: typeof TS, id: TS.Identifier): boolean {
  const p = id.parent;
  if ((ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p)) && (ts.isQualifiedName(p) ? p.right : p.name) === id)
    return true;
  if (
    (ts.isPropertyAssignment(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isPropertySignature(p) ||
      ts.isMethodDeclaration(p) ||
      ts.isMethodSignature(p) ||
      ts.isGetAccessorDeclaration(p) ||
      ts.isSetAccessorDeclaration(p) ||
      ts.isEnumMember(p) ||
      ts.isJsxAttribute(p)) &&
    p.name === id
  )
    return true;
  if (ts.isBindingElement(p) && p.propertyName === id) return true;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return true;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) return true;
  return false;
}

/** `text` with the identifiers in `renames` replaced (see the file comment). */
export function renameIdentifiers(text: string, renames: ReadonlyMap<string, string>, kind: SnippetKind): string {
  if (renames.size === 0 || ![...renames.keys()].some((k) => text.includes(k))) return text;
  const prefix = kind === "element" ? "[\n" : "";
  const { ts, sourceFile } = parseSource("snippet.ts", `${prefix}${text}${kind === "element" ? "\n]" : ""}`);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isIdentifier(node)) {
      const to = renames.get(node.text);
      if (to !== undefined && !isMemberName(ts, node)) {
        const p = node.parent;
        const shorthand =
          ts.isShorthandPropertyAssignment(p) ||
          (ts.isBindingElement(p) && p.propertyName === undefined && ts.isObjectBindingPattern(p.parent));
        edits.push({
          start: node.getStart(sourceFile) - prefix.length,
          end: node.getEnd() - prefix.length,
          text: shorthand ? `${node.text}: ${to}` : to,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * The names generated statement text declares at its top level (functions, classes, consts,
 * types, enums), parsed from the text; imports are not declarations here. What a whole source
 * file binds, imports included, is shared/top-level-names.ts's namesBoundAtTopLevel.
 */
export function namesDeclaredInText(text: string): string[] {
  const { ts, sourceFile } = parseSource("snippet.ts", text);
  const names: string[] = [];
  const bind = (name: TS.BindingName): void => {
    if (ts.isIdentifier(name)) names.push(name.text);
    else for (const e of name.elements) if (!ts.isOmittedExpression(e)) bind(e.name);
  };
  for (const s of sourceFile.statements) {
    if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) bind(d.name);
    else if (
      (ts.isFunctionDeclaration(s) ||
        ts.isClassDeclaration(s) ||
        ts.isInterfaceDeclaration(s) ||
        ts.isTypeAliasDeclaration(s) ||
        ts.isEnumDeclaration(s) ||
        ts.isModuleDeclaration(s)) &&
      s.name &&
      ts.isIdentifier(s.name)
    )
      names.push(s.name.text);
  }
  return names;
}
