/**
 * Codemod `gate-tools-to-capabilities`: moves `gateTools` from the tools side of the seam
 * (`…/tools/tool-permissions.js`) to the capabilities side (`<capabilitiesDir>/gate-tools.ts`
 * or the bound adapter in `registry.ts`) and turns `new GatedTool(t, opts)` into
 * `gateTools([t], opts)[0]`; calls keep their arguments. Runs after tool-construction-to-name
 * over the same VirtualTree; returns one UnitResult per moved import/re-export and per
 * rewritten construction. Text splicing keeps untouched code byte-identical.
 */
import { getTypeScript, parseSource } from "../shared/parse.js";
import type { SeamDefinition } from "../../lib/config/seam-section.js";
import type { Codemod, CodemodContext } from "../codemod.js";
import type { UnitResult, VirtualTree } from "../plan.js";
import { isSourceFile } from "../shared/paths.js";
import { allowReverseImport, EXCEPTION_REASONS, seamWhere, withSeamOutcome } from "../seam-exceptions.js";
import { OverlappingEditsError, overlappingEditsUnit } from "../shared/splice.js";
import { importTarget, PackageReexports } from "../shared/targets.js";
import { CODEMOD_NAME, rewriteGateFile } from "./rewrite-file.js";
import { gateToolsTarget, uncheckedIndexAccess } from "./tools-side.js";

export interface GateToolsOptions {
  readonly seams?: readonly SeamDefinition[];
}

export function runGateTools(tree: VirtualTree, context: CodemodContext, options: GateToolsOptions = {}): UnitResult[] {
  const candidates = tree
    .list()
    .filter((f) => isSourceFile(f) && /\b(gateTools|GatedTool)\b|export\s*\*\s*from/.test(tree.read(f) ?? ""));
  if (candidates.length === 0) return [];
  const target = gateToolsTarget(tree, context.capabilitiesDir);
  if (!target) {
    return [
      {
        codemod: CODEMOD_NAME,
        outcome: "skipped",
        code: "no-registry",
        unit: "gateTools",
        file: `${context.capabilitiesDir}/registry.ts`,
        line: 1,
        reason: `no gateTools export in ${context.capabilitiesDir}/gate-tools.ts or registry.ts yet; run tool-class-to-capability for a namespace first`,
      },
    ];
  }
  const ts = getTypeScript();
  const nonNullIndex = uncheckedIndexAccess(tree);
  const results: UnitResult[] = [];
  const reexports = new PackageReexports(tree);
  for (const file of candidates) {
    if (file === target || file.startsWith(`${context.capabilitiesDir}/`)) continue;
    const text = tree.readOrThrow(file);
    const { sourceFile, errors } = parseSource(file, text);
    if (errors.length > 0) {
      results.push({
        codemod: CODEMOD_NAME,
        outcome: "error",
        unit: file,
        file,
        line: errors[0]?.line ?? 1,
        code: "parse-error",
        reason: `does not parse (${errors[0]?.message ?? "syntax error"}); fix the syntax, then re-run`,
        fix: "fix the syntax, then re-run",
      });
      continue;
    }
    const where = importTarget(tree, file, target, ["gateTools"], reexports);
    try {
      const outcome = rewriteGateFile({
        ts,
        tree,
        sf: sourceFile,
        file,
        target: where.specifier,
        nonNullIndex,
        ...(options.seams ? { seams: options.seams } : {}),
        importNotes: [where.note].filter((n): n is string => Boolean(n)),
      });
      if (outcome.text !== null) tree.write(file, outcome.text);
      if (where.entry && outcome.targetImports.length > 0) reexports.add(where.entry, target, outcome.targetImports);
      const seam =
        !where.entry && outcome.results.some((u) => u.outcome === "changed")
          ? allowReverseImport(
              tree,
              seamWhere(context, options.seams),
              CODEMOD_NAME,
              file,
              target,
              EXCEPTION_REASONS.beltGating,
            )
          : null;
      results.push(...withSeamOutcome(outcome.results, seam));
    } catch (error) {
      if (!(error instanceof OverlappingEditsError)) throw error;
      results.push(overlappingEditsUnit(CODEMOD_NAME, file, error));
    }
  }
  reexports.apply();
  return results;
}

export function createGateToolsCodemod(options: GateToolsOptions = {}): Codemod {
  return {
    name: CODEMOD_NAME,
    description: "move gateTools imports to the capabilities side; new GatedTool(t, opts) → gateTools([t], opts)[0]",
    run: (tree, context) => runGateTools(tree, context, options),
  };
}

export const gateToolsToCapabilities: Codemod = createGateToolsCodemod();
export default gateToolsToCapabilities;
