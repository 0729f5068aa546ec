/**
 * Codemod `tool-construction-to-name`: after the class move, rewrites every call site of a
 * converted class across the repo — `new XTool()` → `toolForCapabilityName("x")`,
 * `new XTool(deps…)` → `toolForCapabilityName("x", (ctx) => createCapabilityRun({ … }))`,
 * `instanceof XTool` → a wire-name check, constructor tables → factories — by splicing text at
 * TypeScript positions, so untouched code stays byte-identical. Takes the VirtualTree as the
 * class move left it and the CodemodContext; returns one UnitResult per reference (changed ones
 * are the `callSitesRewritten` count). Imports come from `<capabilitiesDir>/registry.ts` and
 * `context.runtimeImport`.
 */
import { getTypeScript, parseSource } from "../shared/parse.js";
import type { SeamDefinition } from "../../lib/config/seam-section.js";
import type { Codemod, CodemodContext } from "../codemod.js";
import { noteOnFirstChanged, type UnitResult, type VirtualTree } from "../plan.js";
import { convertedClasses, type ConvertedClass } from "./converted.js";
import { CODEMOD_NAME, rewriteFile } from "./rewrite-file.js";
import { moduleExports } from "../shared/exports.js";
import { isSourceFile } from "../shared/paths.js";
import { allowReverseImport, EXCEPTION_REASONS, seamWhere, withSeamOutcome } from "../seam-exceptions.js";
import { OverlappingEditsError, overlappingEditsUnit } from "../shared/splice.js";
import { importTarget, PackageReexports, runtimeSpecifier } from "../shared/targets.js";

export interface ToolConstructionOptions {
  /** Seams whose exceptions the rewrite maintains (default: the run's seam config, else DEFAULT_SEAM_CONFIG.seams). */
  readonly seams?: readonly SeamDefinition[];
}

/** Export names the registry file is expected to provide, in order of preference for the registry itself. */
const REGISTRY_NAMES = ["registry", "capabilityRegistry"];

function hasWord(text: string, word: string): boolean {
  return new RegExp(`\\b${word.replace(/\$/g, "\\$")}\\b`).test(text);
}

function refuseAll(
  tree: VirtualTree,
  classes: readonly ConvertedClass[],
  files: readonly string[],
  reason: string,
): UnitResult[] {
  const out: UnitResult[] = [];
  for (const file of files) {
    const text = tree.read(file) ?? "";
    for (const cls of classes) {
      if (hasWord(text, cls.name))
        out.push({
          codemod: CODEMOD_NAME,
          outcome: "refused",
          unit: `${cls.name} (${file})`,
          file,
          line: 1,
          code: "no-registry",
          reason,
          fix: reason,
          wireName: cls.wireName,
          namespace: cls.namespace,
        });
    }
  }
  return out;
}

export function runToolConstruction(
  tree: VirtualTree,
  context: CodemodContext,
  options: ToolConstructionOptions = {},
): UnitResult[] {
  const ts = getTypeScript();
  const { classes } = convertedClasses(ts, tree, context);
  if (classes.length === 0) return [];
  const registryFile = `${context.capabilitiesDir}/registry.ts`;
  const mentions = new RegExp(`\\b(?:${classes.map((c) => c.name.replace(/\$/g, "\\$")).join("|")})\\b`);
  const files = tree.list().filter((f) => isSourceFile(f) && f !== registryFile && mentions.test(tree.read(f) ?? ""));
  const registryText = tree.read(registryFile);
  if (registryText === null)
    return refuseAll(tree, classes, files, `${registryFile} does not exist; run tool-class-to-capability first`);
  const exported = moduleExports(registryFile, registryText).names;
  const registryExport = REGISTRY_NAMES.find((n) => exported.has(n));
  if (!exported.has("toolForCapabilityName") || !registryExport) {
    return refuseAll(
      tree,
      classes,
      files,
      `${registryFile} must export toolForCapabilityName and registry (bindToolAdapters({ Tool, registry })); regenerate it with tool-class-to-capability`,
    );
  }
  const sourceFiles = tree.list().filter(isSourceFile);
  const results: UnitResult[] = [];
  const reexports = new PackageReexports(tree);
  for (const file of files) {
    const text = tree.readOrThrow(file);
    const { sourceFile, errors } = parseSource(file, text);
    if (errors.length > 0) {
      results.push(parseErrorUnit(file, errors));
      continue;
    }
    const target = importTarget(tree, file, registryFile, ["toolForCapabilityName", registryExport], reexports);
    try {
      const outcome = rewriteFile({
        ts,
        sf: sourceFile,
        file,
        classes,
        runFields: context.runFields,
        registrySpecifier: target.specifier,
        registryExport,
        runtimeSpecifier: runtimeSpecifier(file, context.runtimeImport),
        usedElsewhere: (name) => importedElsewhere(tree, sourceFiles, file, name),
        reexportedBy: (name) => reexportedElsewhere(tree, sourceFiles, file, name),
        importNotes: [target.note].filter((n): n is string => Boolean(n)),
      });
      if (outcome.text !== null) tree.write(file, outcome.text);
      if (target.entry && outcome.registryImports.length > 0)
        reexports.add(target.entry, registryFile, outcome.registryImports);
      // Every rewritten unit names the registry: a file that now (or, after an earlier run, still) imports it needs the exception.
      const seam =
        !target.entry && outcome.results.some((u) => u.outcome === "changed")
          ? allowReverseImport(
              tree,
              seamWhere(context, options.seams),
              CODEMOD_NAME,
              file,
              registryFile,
              EXCEPTION_REASONS.beltAssembly,
            )
          : null;
      results.push(...withSeamOutcome(outcome.results, seam));
    } catch (error) {
      if (!(error instanceof OverlappingEditsError)) throw error;
      results.push(overlappingEditsUnit(CODEMOD_NAME, file, error));
    }
  }
  allowEntryReexports(tree, seamWhere(context, options.seams), reexports.apply(), registryFile, results);
  results.push(...noCallSiteUnits(classes, results));
  return results;
}

/**
 * A package entry on the tools side (a package named tools) that now re-exports the registry
 * crosses the seam too: its exception (or refusal) goes with the first changed unit.
 */
function allowEntryReexports(
  tree: VirtualTree,
  where: ReturnType<typeof seamWhere>,
  entries: readonly string[],
  registryFile: string,
  results: UnitResult[],
): void {
  for (const entry of entries) {
    const seam = allowReverseImport(tree, where, CODEMOD_NAME, entry, registryFile, EXCEPTION_REASONS.packageEntry);
    if (seam.refusal) results.push(seam.refusal);
    else if (seam.note) noteOnFirstChanged(results, [seam.note]);
  }
}

/** The first other source file importing `name`, or null. */
function importedElsewhere(
  tree: VirtualTree,
  sourceFiles: readonly string[],
  self: string,
  name: string,
): string | null {
  return sourceFiles.find((f) => f !== self && new RegExp(`import[^;]*\\b${name}\\b`).test(tree.read(f) ?? "")) ?? null;
}

/** The first other source file re-exporting `name` (`export { name } from`), or null. */
function reexportedElsewhere(
  tree: VirtualTree,
  sourceFiles: readonly string[],
  self: string,
  name: string,
): string | null {
  return (
    sourceFiles.find(
      (f) =>
        f !== self && new RegExp(`export\\s*(type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from`).test(tree.read(f) ?? ""),
    ) ?? null
  );
}

function parseErrorUnit(file: string, errors: ReturnType<typeof parseSource>["errors"]): UnitResult {
  const first = errors[0];
  return {
    codemod: CODEMOD_NAME,
    outcome: "error",
    unit: file,
    file,
    line: first?.line ?? 1,
    code: "parse-error",
    reason: `does not parse (${first?.message ?? "syntax error"}); fix the syntax, then re-run`,
    fix: "fix the syntax, then re-run",
  };
}

/** One "unchanged" unit per converted class no result names yet (no call sites left). */
function noCallSiteUnits(classes: readonly ConvertedClass[], results: readonly UnitResult[]): UnitResult[] {
  const out: UnitResult[] = [];
  // A set, not a scan of the results per class: a file of many classes made that quadratic.
  const reported = new Set(results.map((r) => r.wireName));
  for (const cls of classes) {
    if (reported.has(cls.wireName)) continue;
    reported.add(cls.wireName);
    out.push({
      codemod: CODEMOD_NAME,
      outcome: "unchanged",
      unit: `${cls.name} (no call sites left)`,
      file: cls.file,
      line: cls.line,
      wireName: cls.wireName,
      namespace: cls.namespace,
    });
  }
  return out;
}

export function createToolConstructionCodemod(options: ToolConstructionOptions = {}): Codemod {
  return {
    name: CODEMOD_NAME,
    description:
      "rewrite `new XTool(…)`, `instanceof XTool` and constructor tables of converted classes to capability names",
    run: (tree, context) => runToolConstruction(tree, context, options),
  };
}

export const toolConstructionToName: Codemod = createToolConstructionCodemod();
export default toolConstructionToName;
