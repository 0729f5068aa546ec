/**
 * One file of the gate move, by splicing text: `gateTools` imports and re-exports from the
 * tools side move to the capabilities side (aliases kept, other names left on the old import,
 * merged into an existing capabilities import), `export *` barrels of the old module gain an
 * explicit capabilities-side `gateTools` export that shadows the old one, and
 * `new GatedTool(t, opts)` becomes `gateTools([t], opts)[0]`.
 */
import type TS from "typescript";
import type { TypeScriptApi } from "../shared/parse.js";
import type { SeamDefinition } from "../../lib/config/seam-section.js";
import type { UnitResult, VirtualTree } from "../plan.js";
import { ImportPlan } from "../shared/import-plan.js";
import { namedImports } from "../shared/imports.js";
import { applyEdits, type TextEdit } from "../shared/splice.js";
import { isToolsSide, toolsSideModule } from "./sources.js";

export const CODEMOD_NAME = "gate-tools-to-capabilities";

export interface GateFileJob {
  readonly ts: TypeScriptApi;
  readonly tree: VirtualTree;
  readonly sf: TS.SourceFile;
  readonly file: string;
  /** Specifier of the capabilities-side gateTools module, as seen from this file. */
  readonly target: string;
  readonly nonNullIndex: boolean;
  readonly seams?: readonly SeamDefinition[];
  /** Notes appended to changed units when the file gains a capabilities-side import. */
  readonly importNotes: readonly string[];
}

export function rewriteGateFile(job: GateFileJob): {
  text: string | null;
  results: UnitResult[];
  targetImports: readonly string[];
} {
  const { ts, sf, file, tree } = job;
  const plan = new ImportPlan(ts, sf);
  const edits: TextEdit[] = [];
  const results: UnitResult[] = [];
  const line = (n: TS.Node): number => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const quote = (spec: TS.Expression): string => (spec.getText(sf).startsWith("'") ? "'" : '"');
  const result = (outcome: "changed" | "refused", unit: string, node: TS.Node, reason?: string): void => {
    results.push({
      codemod: CODEMOD_NAME,
      outcome,
      unit,
      file,
      line: line(node),
      ...(reason
        ? { code: "gated-tool-arguments", reason, fix: "rewrite it by hand as gateTools([tool], options)[0]" }
        : {}),
    });
  };
  const fromToolsSide = (spec: string, name: string): boolean =>
    toolsSideModule(tree, file, spec, name, job.seams) !== null;

  // gateTools imports from the tools side.
  const imports = namedImports(ts, sf);
  for (const imp of imports) {
    if (imp.imported !== "gateTools" || imp.typeOnly || !fromToolsSide(imp.module, "gateTools")) continue;
    plan.remove(imp.element);
    plan.needExactly(job.target, "gateTools", imp.local);
    result("changed", `import { ${imp.element.getText(sf)} } from "${imp.module}"`, imp.element);
  }

  // Re-exports: `export { gateTools } from "<tools>"` moves; `export * from "<tools>"` gains a shadowing export.
  // A barrel on the tools side keeps re-exporting the old one (pointing it at capabilities/ would
  // be a reverse-seam import); its importers are moved one by one above.
  for (const stmt of isToolsSide(file, job.seams) ? [] : sf.statements) {
    if (
      !ts.isExportDeclaration(stmt) ||
      !stmt.moduleSpecifier ||
      !ts.isStringLiteral(stmt.moduleSpecifier) ||
      stmt.isTypeOnly
    )
      continue;
    const spec = stmt.moduleSpecifier.text;
    if (!fromToolsSide(spec, "gateTools")) continue;
    const q = quote(stmt.moduleSpecifier);
    const semi = stmt.getText(sf).endsWith(";") ? ";" : "";
    if (!stmt.exportClause) {
      const already = sf.statements.some(
        (s) =>
          ts.isExportDeclaration(s) &&
          s.exportClause &&
          ts.isNamedExports(s.exportClause) &&
          s.exportClause.elements.some((e) => e.name.text === "gateTools"),
      );
      if (already) continue;
      edits.push({ start: stmt.end, end: stmt.end, text: `\nexport { gateTools } from ${q}${job.target}${q}${semi}` });
      result("changed", `export * from "${spec}" (gateTools)`, stmt);
      continue;
    }
    if (!ts.isNamedExports(stmt.exportClause)) continue;
    const elements = stmt.exportClause.elements;
    const moving = elements.filter((e) => (e.propertyName ?? e.name).text === "gateTools" && !e.isTypeOnly);
    if (moving.length === 0) continue;
    const staying = elements.filter((e) => !moving.includes(e));
    const moved = `export { ${moving.map((e) => e.getText(sf)).join(", ")} } from ${q}${job.target}${q}${semi}`;
    const rest =
      staying.length > 0
        ? `export { ${staying.map((e) => e.getText(sf)).join(", ")} } from ${q}${spec}${q}${semi}\n`
        : "";
    edits.push({ start: stmt.getStart(sf), end: stmt.end, text: `${rest}${moved}` });
    result("changed", `export { ${moving.map((e) => e.getText(sf)).join(", ")} } from "${spec}"`, stmt);
  }

  // new GatedTool(t, opts) → gateTools([t], opts)[0]
  const gated = imports.filter(
    (i) =>
      i.imported === "GatedTool" &&
      !i.typeOnly &&
      (i.module.startsWith(".") ? fromToolsSide(i.module, "GatedTool") : true),
  );
  for (const imp of gated) {
    let remaining = 0;
    const visit = (node: TS.Node): void => {
      if (
        ts.isIdentifier(node) &&
        node.text === imp.local &&
        node !== imp.element.name &&
        !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)
      ) {
        const p = node.parent;
        if (ts.isNewExpression(p) && p.expression === node) {
          const args = p.arguments ?? [];
          const text = p.getText(sf).replace(/\s+/g, " ");
          if (args.length !== 2 || args.some((a) => ts.isSpreadElement(a))) {
            remaining++;
            result(
              "refused",
              text,
              p,
              `GatedTool takes (tool, options); \`${text}\` does not pass exactly those two arguments, so it cannot become gateTools([tool], options)[0]; rewrite it by hand`,
            );
          } else {
            const source = imp.module.startsWith(".") ? job.target : imp.module;
            const local = plan.need(source, "gateTools", "gateCapabilityTools");
            const [tool, options] = args as unknown as [TS.Expression, TS.Expression];
            edits.push({
              start: p.getStart(sf),
              end: p.end,
              text: `${local}([${tool.getText(sf)}], ${options.getText(sf)})[0]${job.nonNullIndex ? "!" : ""}`,
            });
            result("changed", text, p);
          }
        } else if (!ts.isImportSpecifier(p)) {
          remaining++;
          if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword) {
            const why = `\`${p.getText(sf)}\` is left as it is, but tools gated through gateTools are not GatedTool instances, so it is false for them from now on; check what it guards (e.g. track gated tools in a Set)`;
            results.push({
              codemod: CODEMOD_NAME,
              outcome: "skipped",
              code: "gated-tool-instanceof",
              unit: p.getText(sf),
              file,
              line: line(p),
              reason: why,
              warnings: [`warning: ${why} (${file}:${line(p)})`],
            });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    if (remaining === 0) plan.remove(imp.element);
  }

  if (edits.length === 0 && !results.some((r) => r.outcome === "changed"))
    return { text: null, results, targetImports: [] };
  const text = applyEdits(file, sf.text, [...edits, ...plan.edits()]);
  const notes = plan.hasAdditions ? job.importNotes : [];
  const annotated = results.map((r) => (r.outcome === "changed" && notes.length > 0 ? { ...r, warnings: notes } : r));
  annotated.sort((a, b) => a.line - b.line);
  return { text: text === sf.text ? null : text, results: annotated, targetImports: plan.addedFrom(job.target) };
}
