/**
 * Runs one codemod over one fixture case and reports every difference as a readable problem:
 * output files byte-for-byte (missing and extra files included), expected unit outcomes from
 * `expected.json`, and idempotence (a second run over the produced tree changes nothing).
 * Pure with respect to the disk: fixtures are read, never written.
 */
import { createTwoFilesPatch } from "diff";
import type { InventoryResult } from "../../inventory/types.js";
import { DEFAULT_CODEMODS_CONFIG } from "../../lib/config/codemods-section.js";
import type { Codemod, CodemodContext } from "../codemod.js";
import type { UnitResult, VirtualTree } from "../plan.js";
import { readDirFiles, treeFromFiles, type FixtureCase } from "./fixture-cases.js";
import { inventoryFromPartial } from "./inventory-stub.js";

export interface FixtureRunOptions {
  /** Build the inventory for a tree (default: the case's inventory.json, else an empty inventory). */
  inventory?(fixture: FixtureCase, tree: VirtualTree): InventoryResult | Promise<InventoryResult>;
  /** Extra context overrides applied after options.json. */
  context?: Partial<CodemodContext>;
}

export interface FixtureRunReport {
  readonly results: UnitResult[];
  /** The tree after the run: root-relative path → text. */
  readonly produced: Map<string, string>;
  readonly fileProblems: string[];
  readonly unitProblems: string[];
  readonly idempotenceProblems: string[];
}

function contextFor(
  fixture: FixtureCase,
  root: string,
  inventory: InventoryResult,
  extra: Partial<CodemodContext>,
): CodemodContext {
  const opts = (fixture.options ?? {}) as Partial<CodemodContext>;
  const namespaces =
    opts.namespaces ??
    [
      ...new Set(
        inventory.classes.filter((c) => c.kind === "capability" && c.namespace).map((c) => c.namespace as string),
      ),
    ].sort();
  return {
    root,
    inventory,
    namespaces,
    capabilitiesDir: opts.capabilitiesDir ?? DEFAULT_CODEMODS_CONFIG.capabilitiesDir,
    runFields: { ...DEFAULT_CODEMODS_CONFIG.runFields, ...(opts.runFields ?? {}) },
    keepShims: opts.keepShims ?? false,
    runtimeImport: opts.runtimeImport ?? DEFAULT_CODEMODS_CONFIG.runtimeImport,
    ...extra,
  };
}

async function runOnce(
  codemod: Codemod,
  fixture: FixtureCase,
  files: Map<string, string>,
  root: string,
  options: FixtureRunOptions,
): Promise<{ results: UnitResult[]; tree: VirtualTree }> {
  const tree = treeFromFiles(files, root);
  const inventory = options.inventory
    ? await options.inventory(fixture, tree)
    : inventoryFromPartial(fixture.inventory, root);
  const results = await codemod.run(tree, contextFor(fixture, root, inventory, options.context ?? {}));
  return { results, tree };
}

function snapshot(tree: VirtualTree): Map<string, string> {
  return new Map(tree.list().map((path) => [path, tree.readOrThrow(path)]));
}

/** Line-level diff of expected vs actual, for failure messages. */
export function describeDifference(path: string, expected: string, actual: string): string {
  return createTwoFilesPatch(`expected/${path}`, `actual/${path}`, expected, actual, "", "", { context: 2 });
}

export function compareFiles(expected: Map<string, string>, actual: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [path, text] of expected) {
    const got = actual.get(path);
    if (got === undefined) problems.push(`missing file: ${path} (expected in output/, not produced)`);
    else if (got !== text) problems.push(`content differs: ${path}\n${describeDifference(path, text, got)}`);
  }
  for (const path of actual.keys()) {
    if (!expected.has(path)) problems.push(`extra file: ${path} (produced, not in output/)`);
  }
  return problems;
}

export function checkUnits(fixture: FixtureCase, results: readonly UnitResult[]): string[] {
  const problems: string[] = [];
  const expected = fixture.expected?.units ?? [];
  const matched = new Set<UnitResult>();
  for (const want of expected) {
    const hit = results.find(
      (r) =>
        r.unit === want.unit &&
        r.outcome === want.outcome &&
        (want.codemod === undefined || r.codemod === want.codemod) &&
        (want.reason === undefined || (r.reason ?? "").includes(want.reason)) &&
        (want.code === undefined || r.code === want.code),
    );
    if (hit) matched.add(hit);
    else {
      const seen = results
        .filter((r) => r.unit === want.unit)
        .map((r) => `${r.outcome}${r.code ? ` [${r.code}]` : ""}${r.reason ? ` (${r.reason})` : ""}`);
      problems.push(
        `expected ${want.unit} → ${want.outcome}${want.code ? ` [${want.code}]` : ""}${want.reason ? ` with reason containing "${want.reason}"` : ""}; got ${seen.length ? seen.join("; ") : "no result for that unit"}`,
      );
    }
  }
  if (fixture.expected?.exhaustiveRefusals !== false) {
    for (const r of results) {
      if ((r.outcome === "refused" || r.outcome === "error") && !matched.has(r)) {
        problems.push(
          `unexpected ${r.outcome}: ${r.unit} at ${r.file}:${r.line}${r.reason ? ` — ${r.reason}` : ""} (list it in expected.json)`,
        );
      }
    }
  }
  return problems;
}

export async function runFixtureCase(
  codemod: Codemod,
  fixture: FixtureCase,
  options: FixtureRunOptions = {},
): Promise<FixtureRunReport> {
  const first = await runOnce(codemod, fixture, readDirFiles(fixture.inputDir), fixture.inputDir, options);
  const produced = snapshot(first.tree);
  const fileProblems = compareFiles(readDirFiles(fixture.outputDir), produced);
  const unitProblems = checkUnits(fixture, first.results);
  const second = await runOnce(codemod, fixture, produced, fixture.outputDir, options);
  const idempotenceProblems = second.tree.changes().map((c) => `second run ${c.kind}s ${c.path}`);
  for (const r of second.results) {
    if (r.outcome === "changed")
      idempotenceProblems.push(`second run reports ${r.unit} (${r.file}:${r.line}) as changed`);
  }
  return { results: first.results, produced, fileProblems, unitProblems, idempotenceProblems };
}
