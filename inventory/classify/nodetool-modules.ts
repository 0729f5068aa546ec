/**
 * The NodeTool preset's module table: NodeTool's mapping of pack modules (pack module ← the
 * tool files it wraps today), keyed by file stem. A file the table marks as mixed is split per
 * class by its wire name's domain words; `words` sends a class to another module when its wire
 * name carries one of them (the critique-style pair in the critique file, `asset_list`-style
 * names in mcp-tools.ts).
 *
 * The table is NodeTool's own, so it applies only to a repo it fits (`moduleTableFits`): one
 * whose Tool subclasses sit in at least MIN_TABLE_FILES of its files. Applied to any repo, a
 * lone `search-tools.ts` of another project went to "web" and was called capability-shaped
 * because "the design's mapping table" named it.
 */

export interface PresetModule {
  /** The module, or null when the file mixes domains and each class goes by its wire name. */
  readonly module: string | null;
  /** Wire-name word → module, checked before `module`. */
  readonly words?: Readonly<Record<string, string>>;
}

const MCP_WORDS: Readonly<Record<string, string>> = {
  workflow: "workflows",
  workflows: "workflows",
  escalation: "workflows",
  example: "workflows",
  // The table's "start" among the nine workflow tools: start_background_job runs a workflow.
  background: "workflows",
  digraph: "workflows",
  app: "apps",
  apps: "apps",
  asset: "assets",
  assets: "assets",
  job: "jobs",
  jobs: "jobs",
  node: "nodes",
  nodes: "nodes",
  model: "models",
  models: "models",
  provider: "models",
  providers: "models",
  collection: "collections",
  collections: "collections",
  thread: "threads",
  threads: "threads",
  message: "threads",
};

export const NODETOOL_MODULES: Readonly<Record<string, PresetModule>> = {
  "mcp-tools": { module: null, words: MCP_WORDS },
  "local-list-nodes-tool": { module: "nodes" },
  "local-search-nodes-tool": { module: "nodes" },
  "local-get-node-info-tool": { module: "nodes" },
  "find-model-tool": { module: "models" },
  "list-models-tool": { module: "models" },
  "model-tools": { module: "models" },
  "media-tools": { module: "media" },
  "image-generation-tool": { module: "media" },
  "creative-critique-tools": { module: "media", words: { style: "style", taste: "style" } },
  "asset-tools": { module: "assets" },
  "asset-library-tools": { module: "assets" },
  "view-image-tool": { module: "assets" },
  "search-tools": { module: "web" },
  "browser-tools": { module: "web" },
  "http-tools": { module: "web" },
  "dataseo-tools": { module: "web" },
  "pdf-tools": { module: "documents" },
  "memory-tools": { module: "memory" },
  "thread-memory-tools": { module: "memory" },
  "email-tools": { module: "email" },
  "collection-tools": { module: "collections" },
  "vector-tools": { module: "collections" },
  "chroma-tools": { module: "collections" },
  "timeline-version-tools": { module: "timelines" },
  "timeline-edit-tools": { module: "timelines" },
  "sketch-version-tools": { module: "sketches" },
  "sketch-edit-tools": { module: "sketches" },
  "script-voice-tools": { module: "scripts" },
  "storyboard-render-tools": { module: "storyboards" },
  "run-subtask-tool": { module: "agents" },
  "run-search-tool": { module: "agents" },
  "filesystem-tools": { module: "files" },
  "edit-search-tools": { module: "files" },
  "todo-tools": { module: "files" },
  "workspace-tools": { module: "files" },
  "google-workspace-tools": { module: "google" },
  "shared-tools": { module: "shared" },
};

/** How many of the table's files a repo must hold Tool subclasses in for the table to fit it. */
export const MIN_TABLE_FILES = 3;

/** The table's entry for a file, by its stem (`search-tools.ts` → "search-tools"). */
export function tableEntry(file: string): PresetModule | undefined {
  const stem = (file.split("/").pop() ?? file).replace(/\.[cm]?[jt]sx?$/, "");
  return Object.hasOwn(NODETOOL_MODULES, stem) ? NODETOOL_MODULES[stem] : undefined;
}

/** Does the table fit a repo whose Tool subclasses are declared in `files`? */
export function moduleTableFits(files: Iterable<string>): boolean {
  const named = new Set<string>();
  for (const f of files) if (tableEntry(f)) named.add(f);
  return named.size >= MIN_TABLE_FILES;
}

/** Every module the table names (the namespaces "already proposed" for matching). */
export function presetModuleNames(): string[] {
  const out = new Set<string>();
  for (const m of Object.values(NODETOOL_MODULES)) {
    if (m.module) out.add(m.module);
    for (const v of Object.values(m.words ?? {})) out.add(v);
  }
  return [...out].sort();
}
