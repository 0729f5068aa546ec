import { describe, expect, it } from "vitest";
import { proposeNamespaces, type NamespaceSubject } from "./namespaces.js";

const RULES = { fromFileName: true, byFile: {}, byWireName: {} };
const subjects = (rows: readonly [string, string][]): NamespaceSubject[] =>
  rows.map(([file, wireName], i) => ({
    id: `${i}`,
    file: `packages/agents/src/tools/${file}`,
    wireName,
    kind: "capability",
  }));

function propose(
  rows: readonly [string, string][],
  preset: "nodetool" | "none" = "none",
): Record<string, string | null> {
  const out = proposeNamespaces(subjects(rows), RULES, preset);
  return Object.fromEntries(rows.map(([, wire], i) => [wire, out.get(`${i}`)?.namespace ?? null]));
}

describe("namespace proposals", () => {
  it("names domains as engineers do: plural nouns, synonyms, mass nouns singular", () => {
    expect(
      propose([
        ["asset-tools.ts", "get_asset"],
        ["filesystem-tools.ts", "read_file"],
        ["edit-search-tools.ts", "glob"],
        ["pdf-tools.ts", "extract_pdf_text"],
        ["browser-tools.ts", "browser"],
        ["collection-tools.ts", "list_collections"],
        ["thread-memory-tools.ts", "thread_memory_list"],
        ["email-tools.ts", "search_email"],
        ["media-tools.ts", "generate_image"],
        ["sketch-version-tools.ts", "list_sketch_versions"],
      ]),
    ).toEqual({
      get_asset: "assets",
      read_file: "files",
      glob: "files",
      extract_pdf_text: "documents",
      browser: "web",
      list_collections: "collections",
      thread_memory_list: "memory",
      search_email: "email",
      generate_image: "media",
      list_sketch_versions: "sketches",
    });
  });

  it("splits a file whose stem names no domain per class, against namespaces already proposed", () => {
    expect(
      propose([
        ["asset-tools.ts", "list_assets"],
        ["workflow-tools.ts", "list_workflows"],
        ["mcp-tools.ts", "get_asset"],
        ["mcp-tools.ts", "run_workflow"],
        ["mcp-tools.ts", "list_jobs"],
        ["openai-tools.ts", "openai_web_search"],
        ["openai-tools.ts", "openai_image_generation"],
      ]),
    ).toMatchObject({
      get_asset: "assets",
      run_workflow: "workflows",
      list_jobs: "jobs",
      openai_web_search: "web",
      openai_image_generation: "media",
    });
  });

  it("carries the design's mapping table in the NodeTool preset", () => {
    const out = proposeNamespaces(
      subjects([
        ["http-tools.ts", "download_file"],
        ["view-image-tool.ts", "view_image"],
        ["mcp-tools.ts", "build_app"],
      ]),
      RULES,
      "nodetool",
    );
    expect([...out.values()].map((p) => [p.namespace, p.source])).toEqual([
      ["web", "preset"],
      ["assets", "preset"],
      ["apps", "preset"],
    ]);
  });

  it("applies the table only to a repo it fits: a lone search-tools.ts of another project is named by its own words", () => {
    const mine = [
      { id: "a", file: "packages/tools/src/search-tools.ts", wireName: "search_docs", kind: "capability" },
      { id: "b", file: "packages/tools/src/search-tools.ts", wireName: "list_docs", kind: "capability" },
      { id: "c", file: "packages/tools/src/calendar-tools.ts", wireName: "create_event", kind: "capability" },
    ] as const;
    const out = proposeNamespaces(mine, RULES, "nodetool");
    expect(out.get("a")).toMatchObject({ namespace: "documents", source: "file-name" });
    expect(out.get("a")?.evidence).toContain('its word "search" is a verb');
    expect(out.get("b")?.namespace).toBe("documents");
    expect(out.get("c")).toMatchObject({ namespace: "calendars", source: "file-name" });
    // Three of the table's files: the repo is NodeTool-shaped, and the table names the module.
    const nodetool = proposeNamespaces(
      [
        ...mine,
        { id: "d", file: "packages/tools/src/email-tools.ts", wireName: "send_email", kind: "capability" },
        { id: "e", file: "packages/tools/src/pdf-tools.ts", wireName: "extract_text", kind: "capability" },
      ],
      RULES,
      "nodetool",
    );
    expect(nodetool.get("a")).toMatchObject({ namespace: "web", source: "preset" });
  });

  it("lets config win and gives non-capability classes no proposal", () => {
    const rows: NamespaceSubject[] = [
      { id: "a", file: "x/asset-tools.ts", wireName: "get_asset", kind: "capability" },
      { id: "b", file: "x/asset-tools.ts", wireName: "submit_graph", kind: "loop-protocol" },
    ];
    const out = proposeNamespaces(rows, { ...RULES, byWireName: { get_asset: "library" } }, "none");
    expect(out.get("a")).toMatchObject({ namespace: "library", source: "config" });
    expect(out.get("b")?.namespace).toBeNull();
  });

  it("reads a plural as its singular's domain (wait-subtasks-tool.ts like start-subtask-tool.ts)", () => {
    expect(
      propose([
        ["wait-subtasks-tool.ts", "wait_subtasks"],
        ["start-subtask-tool.ts", "start_subtask"],
      ]),
    ).toEqual({ wait_subtasks: "agents", start_subtask: "agents" });
  });
});
