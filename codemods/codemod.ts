/**
 * The interface every codemod folder implements. A codemod reads and writes only through the
 * VirtualTree it is handed and returns one UnitResult per unit it considered; it never touches
 * the disk, prints or exits. The runner chains codemods over one tree, so a later codemod sees
 * the earlier ones' output, then validates and applies the net plan once.
 */
import type { ImportAliases } from "../lib/import-aliases.js";
import type { InventoryResult } from "../inventory/types.js";
import type { UnitResult, VirtualTree } from "./plan.js";
import type { SeamConfig } from "../lib/config/seam-section.js";

export interface CodemodContext {
  /** Absolute path of the repo being migrated. */
  readonly root: string;
  /** The inventory of the tree as it is before this run (classes, kinds, blockers). */
  readonly inventory: InventoryResult;
  /** Namespaces selected with --namespace / --all. */
  readonly namespaces: readonly string[];
  /** Where capability modules go, root-relative, e.g. "packages/agents/src/capabilities". */
  readonly capabilitiesDir: string;
  /** Constructor dependency name → run field, e.g. { providers: "providers", registry: "nodeRegistry" }. */
  readonly runFields: Readonly<Record<string, string>>;
  /** Leave a @deprecated thin subclass behind instead of deleting the class. */
  readonly keepShims: boolean;
  /** Module specifier migrated code imports the runtime from. */
  readonly runtimeImport: string;
  /** Name of the old wire name → category map (config `categories.map`); the registry binds it for gateTools. */
  readonly categoriesMap?: string;
  /** The lint's seam config (defaults when absent): where a namespace's shared constants may live, which imports need an exception. */
  readonly seam?: SeamConfig;
  /**
   * The class move's run-field decisions, handed to the call-site rewrite in the same run:
   * `<file>#<class>` → constructor parameter → run field. Absent (fixtures of one codemod): the
   * call sites apply the shared rule of codemods/run-fields.ts.
   */
  readonly runFieldChoices?: Map<string, ReadonlyMap<string, string>>;
  /** Root-relative file of the Tool base the registry binds its adapters to (config `codemods.toolModule`); absent: the file the classes import it from. */
  readonly toolModule?: string | null;
  /** The repo's import aliases (lib/import-aliases.ts); absent: read from the root when needed. */
  readonly aliases?: ImportAliases;
  /** Root-relative capkit config the run loaded (default capkit.config.json): seam exceptions migrate needs are written there. */
  readonly configFile?: string;
}

export interface Codemod {
  readonly name: string;
  readonly description: string;
  run(tree: VirtualTree, context: CodemodContext): UnitResult[] | Promise<UnitResult[]>;
}
