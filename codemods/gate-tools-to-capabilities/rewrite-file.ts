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
import { namedImports, type NamedImport } from "../shared/imports.js";
import { applyEdits, type TextEdit } from "../shared/splice.js";
import { isToolsSide, toolsSideModule } from "./tools-side.js";

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

/** What the three passes over one file share: the job, the import plan, text edits and results. */
interface GateRewrite {
  readonly job: GateFileJob;
  readonly plan: ImportPlan;
  readonly edits: TextEdit[];
  readonly results: UnitResult[];
  readonly imports: readonly NamedImport[];
}

export function rewriteGateFile(job: GateFileJob): {
  text: string | null;
  results: UnitResult[];
  targetImports: readonly string[];
} {
  const { ts, sf, file } = job;
  const plan = new ImportPlan(ts, sf);
  const state: GateRewrite = { job, plan, edits: [], results: [], imports: namedImports(ts, sf) };
  moveGateToolsImports(state);
  // A barrel on the tools side keeps re-exporting the old one (pointing it at capabilities/ would
  // be a reverse-seam import); its importers are moved one by one above.
  if (!isToolsSide(file, job.seams)) for (const stmt of sf.statements) moveGateToolsReExport(state, stmt);
  rewriteGatedConstructions(state);

  const { edits, results } = state;
  if (edits.length === 0 && !results.some((r) => r.outcome === "changed"))
    return { text: null, results, targetImports: [] };
  const text = applyEdits(file, sf.text, [...edits, ...plan.edits()]);
  const notes = plan.hasAdditions ? job.importNotes : [];
  const annotated = results.map((r) => (r.outcome === "changed" && notes.length > 0 ? { ...r, warnings: notes } : r));
  annotated.sort((a, b) => a.line - b.line);
  return { text: text === sf.text ? null : text, results: annotated, targetImports: plan.addedFrom(job.target) };
}

function lineOf(job: GateFileJob, n: TS.Node): number {
  return job.sf.getLineAndCharacterOfPosition(n.getStart(job.sf)).line + 1;
}

function record(
  state: GateRewrite,
  outcome: "changed" | "refused",
  unit: string,
  node: TS.Node,
  reason?: string,
): void {
  state.results.push({
    codemod: CODEMOD_NAME,
    outcome,
    unit,
    file: state.job.file,
    line: lineOf(state.job, node),
    ...(reason
      ? { code: "gated-tool-arguments", reason, fix: "rewrite it by hand as gateTools([tool], options)[0]" }
      : {}),
  });
}

function fromToolsSide(job: GateFileJob, spec: string, name: string): boolean {
  return toolsSideModule(job.tree, job.file, spec, name, job.seams) !== null;
}

/** `import { gateTools } from "<tools>"` moves to the capabilities side, alias kept. */
function moveGateToolsImports(state: GateRewrite): void {
  const { job, plan } = state;
  for (const imp of state.imports) {
    if (imp.imported !== "gateTools" || imp.typeOnly || !fromToolsSide(job, imp.module, "gateTools")) continue;
    plan.remove(imp.element);
    plan.needExactly(job.target, "gateTools", imp.local);
    record(state, "changed", `import { ${imp.element.getText(job.sf)} } from "${imp.module}"`, imp.element);
  }
}

/** `export { gateTools } from "<tools>"` moves; `export * from "<tools>"` gains a shadowing export. */
function moveGateToolsReExport(state: GateRewrite, stmt: TS.Statement): void {
  const { job, edits } = state;
  const { ts, sf } = job;
  if (
    !ts.isExportDeclaration(stmt) ||
    !stmt.moduleSpecifier ||
    !ts.isStringLiteral(stmt.moduleSpecifier) ||
    stmt.isTypeOnly
  )
    return;
  const spec = stmt.moduleSpecifier.text;
  if (!fromToolsSide(job, spec, "gateTools")) return;
  const q = stmt.moduleSpecifier.getText(sf).startsWith("'") ? "'" : '"';
  const semi = stmt.getText(sf).endsWith(";") ? ";" : "";
  if (!stmt.exportClause) {
    const already = sf.statements.some(
      (s) =>
        ts.isExportDeclaration(s) &&
        s.exportClause &&
        ts.isNamedExports(s.exportClause) &&
        s.exportClause.elements.some((e) => e.name.text === "gateTools"),
    );
    if (already) return;
    edits.push({ start: stmt.end, end: stmt.end, text: `\nexport { gateTools } from ${q}${job.target}${q}${semi}` });
    record(state, "changed", `export * from "${spec}" (gateTools)`, stmt);
    return;
  }
  if (!ts.isNamedExports(stmt.exportClause)) return;
  const elements = stmt.exportClause.elements;
  const moving = elements.filter((e) => (e.propertyName ?? e.name).text === "gateTools" && !e.isTypeOnly);
  if (moving.length === 0) return;
  const staying = elements.filter((e) => !moving.includes(e));
  const moved = `export { ${moving.map((e) => e.getText(sf)).join(", ")} } from ${q}${job.target}${q}${semi}`;
  const rest =
    staying.length > 0
      ? `export { ${staying.map((e) => e.getText(sf)).join(", ")} } from ${q}${spec}${q}${semi}\n`
      : "";
  edits.push({ start: stmt.getStart(sf), end: stmt.end, text: `${rest}${moved}` });
  record(state, "changed", `export { ${moving.map((e) => e.getText(sf)).join(", ")} } from "${spec}"`, stmt);
}

/**
 * `new GatedTool(t, opts)` → `gateTools([t], opts)[0]` for every GatedTool import; the import
 * goes once no use of it is left.
 */
function rewriteGatedConstructions(state: GateRewrite): void {
  const { job } = state;
  const gated = state.imports.filter(
    (i) =>
      i.imported === "GatedTool" &&
      !i.typeOnly &&
      (i.module.startsWith(".") ? fromToolsSide(job, i.module, "GatedTool") : true),
  );
  for (const imp of gated) {
    let remaining = 0;
    const visit = (node: TS.Node): void => {
      if (isUseOf(job.ts, imp, node) && !rewriteGatedUse(state, imp, node)) remaining++;
      job.ts.forEachChild(node, visit);
    };
    visit(job.sf);
    if (remaining === 0) state.plan.remove(imp.element);
  }
}

/** A reference to the import's local name (not the import itself, not a property name). */
function isUseOf(ts: TypeScriptApi, imp: NamedImport, node: TS.Node): node is TS.Identifier {
  return (
    ts.isIdentifier(node) &&
    node.text === imp.local &&
    node !== imp.element.name &&
    !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)
  );
}

/** Rewrites one use of GatedTool; false when the use stays (so the import must stay too). */
function rewriteGatedUse(state: GateRewrite, imp: NamedImport, node: TS.Identifier): boolean {
  const { job } = state;
  const { ts, sf } = job;
  const p = node.parent;
  if (ts.isNewExpression(p) && p.expression === node) {
    const args = p.arguments ?? [];
    const text = p.getText(sf).replace(/\s+/g, " ");
    if (args.length !== 2 || args.some((a) => ts.isSpreadElement(a))) {
      record(
        state,
        "refused",
        text,
        p,
        `GatedTool takes (tool, options); \`${text}\` does not pass exactly those two arguments, so it cannot become gateTools([tool], options)[0]; rewrite it by hand`,
      );
      return false;
    }
    const source = imp.module.startsWith(".") ? job.target : imp.module;
    const local = state.plan.need(source, "gateTools", "gateCapabilityTools");
    const [tool, options] = args as unknown as [TS.Expression, TS.Expression];
    state.edits.push({
      start: p.getStart(sf),
      end: p.end,
      text: `${local}([${tool.getText(sf)}], ${options.getText(sf)})[0]${job.nonNullIndex ? "!" : ""}`,
    });
    record(state, "changed", text, p);
    return true;
  }
  if (ts.isImportSpecifier(p)) return true;
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword) {
    const why = `\`${p.getText(sf)}\` is left as it is, but tools gated through gateTools are not GatedTool instances, so it is false for them from now on; check what it guards (e.g. track gated tools in a Set)`;
    const line = lineOf(job, p);
    state.results.push({
      codemod: CODEMOD_NAME,
      outcome: "skipped",
      code: "gated-tool-instanceof",
      unit: p.getText(sf),
      file: job.file,
      line,
      reason: why,
      warnings: [`warning: ${why} (${job.file}:${line})`],
    });
  }
  return false;
}
