/**
 * The planning pass of a migrate: every per-namespace codemod for each selected namespace, the
 * refusals for capability classes without a namespace, then the call-site codemods once, all
 * over one VirtualTree read from disk. Returns the file changes and the per-namespace summaries;
 * writes nothing.
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import type { InventoryResult } from "../../inventory/types.js";
import type { CapkitConfig } from "../../lib/config/index.js";
import { readImportAliases } from "../../lib/import-aliases.js";
import { listWorkspacePackages } from "../../lib/workspace-aliases.js";
import { CODEMODS } from "../index.js";
import type { CodemodContext } from "../codemod.js";
import { VirtualTree, type FileChange, type UnitResult } from "../plan.js";
import type { MigrateOptions } from "./migrate.js";
import { summarize, type NamespaceSummary } from "./namespace-summary.js";
import type { LinkAliases } from "./link-imports.js";
import { listTreeFiles } from "./tree-files.js";

function contextFor(
  root: string,
  inventory: InventoryResult,
  config: CapkitConfig,
  namespaces: readonly string[],
  keepShims: boolean,
  configFile?: string | null,
): CodemodContext {
  const c = config.codemods;
  const rel = configFile ? relative(root, configFile).split(sep).join("/") : "";
  const inRoot = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  return {
    root,
    inventory,
    namespaces,
    capabilitiesDir: c.capabilitiesDir,
    runFields: c.runFields,
    keepShims,
    runtimeImport: c.runtimeImport,
    categoriesMap: config.categories.map,
    seam: config.seam,
    toolModule: c.toolModule,
    aliases: readImportAliases(
      root,
      config.seam.aliases,
      listWorkspacePackages(root).map((p) => p.dir),
    ),
    runFieldChoices: new Map(),
    ...(inRoot ? { configFile: rel } : {}),
  };
}

function snapshot(tree: VirtualTree): Map<string, string | null> {
  return new Map(tree.changes().map((c) => [c.path, c.kind === "delete" ? null : c.after]));
}

function changedSince(before: Map<string, string | null>, tree: VirtualTree): string[] {
  const now = snapshot(tree);
  return [...now.keys()].filter((p) => !before.has(p) || before.get(p) !== now.get(p)).sort();
}

interface Planned {
  readonly changes: FileChange[];
  readonly namespaces: NamespaceSummary[];
  readonly units: UnitResult[];
  readonly callSiteFiles: string[];
  readonly callSitesRewritten: number;
  /** The planned tree, and the link paths of its files (for link-imports.ts). */
  readonly tree: VirtualTree;
  readonly aliases: LinkAliases;
}

export async function planMigration(
  root: string,
  inventory: InventoryResult,
  opts: MigrateOptions,
  selected: readonly string[],
  includeUnplaced: boolean,
): Promise<Planned> {
  const aliases: LinkAliases = [];
  const onDisk = listTreeFiles(root, aliases); // the disk does not change while planning: list it once
  const tree = new VirtualTree(
    root,
    (p) => (existsSync(join(root, p)) ? readFileSync(join(root, p), "utf8") : null),
    () => onDisk,
  );
  const ctx = contextFor(root, inventory, opts.config, selected, opts.keepShims ?? false, opts.configFile);
  const units: UnitResult[] = [];
  const summaries: NamespaceSummary[] = [];
  for (const [i, ns] of selected.entries()) {
    opts.onProgress?.({ phase: "plan", namespace: ns, done: i, total: selected.length });
    const before = snapshot(tree);
    const nsUnits: UnitResult[] = [];
    for (const entry of CODEMODS.filter((e) => e.scope === "per-namespace"))
      nsUnits.push(...(await entry.codemod.run(tree, { ...ctx, namespaces: [ns] })));
    units.push(...nsUnits);
    summaries.push(summarize(ns, nsUnits, changedSince(before, tree)));
  }
  if (includeUnplaced) {
    const unplaced = inventory.classes.filter((c) => c.kind === "capability" && !c.namespace);
    if (unplaced.length) {
      const u: UnitResult[] = unplaced.map((c) => ({
        codemod: "tool-class-to-capability",
        outcome: "refused",
        unit: c.name ?? "(anonymous class)",
        file: c.file,
        line: c.line,
        code: "no-namespace",
        reason: `no-namespace at ${c.file}:${c.line}: the inventory proposes no namespace${c.blockers.length ? ` and records blockers (${c.blockers.map((b) => b.code).join(", ")})` : ""}; to unblock: ${NO_NAMESPACE_FIX}`,
        fix: NO_NAMESPACE_FIX,
      }));
      units.push(...u);
      summaries.push(summarize("(none)", u, []));
    }
  }
  const beforeCalls = snapshot(tree);
  let callSitesRewritten = 0;
  for (const entry of CODEMODS.filter((e) => e.scope === "once")) {
    const r = await entry.codemod.run(tree, ctx);
    units.push(...r);
    if (entry.callSites) callSitesRewritten += r.filter((u) => u.outcome === "changed").length;
  }
  return {
    changes: tree.changes(),
    namespaces: summaries,
    units,
    callSiteFiles: changedSince(beforeCalls, tree),
    callSitesRewritten,
    tree,
    aliases,
  };
}

const NO_NAMESPACE_FIX = 'map the file or wire name in capkit.config.json "namespaces" (byFile / byWireName)';
