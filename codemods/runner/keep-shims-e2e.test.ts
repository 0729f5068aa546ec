/**
 * `capkit migrate --keep-shims` end to end on a temporary copy of the keep-shims fixture: the
 * shims the migration writes keep `instanceof XTool` true for the registry-backed Tool they
 * return (and for its gated wrapper), false for another capability's Tool and for non-Tools; a
 * caller added after the migration (code the call-site codemod never saw) type-checks under
 * the nodetool-mini fixture's strict options, `instanceof` narrowing included, and runs.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../../lib/config/index.js";
import { inventoryFromPartial } from "../test-support/index.js";
import { runMigration } from "./migrate.js";
import { runTypecheck } from "./typecheck.js";
import { tempProject } from "../test-support/temp-project.js";
import { TOOLCHAIN_TEST_TIMEOUT_MS } from "../../lib/test-support/toolchain-timeout.js";

const FIXTURE = fileURLToPath(new URL("../tool-class-to-capability/__testfixtures__/keep-shims", import.meta.url));
const FLATTEN_FIXTURE = fileURLToPath(
  new URL("../tool-class-to-capability/__testfixtures__/flatten-keep-shims", import.meta.url),
);
const STRICT = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../fixtures/nodetool-mini/tsconfig.json", import.meta.url)), "utf8"),
) as {
  compilerOptions: Record<string, unknown>;
};
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** Written after the migration, as a branch that still says `instanceof` would merge it. */
const LATE_CALLER = `import { ListExamplesTool, ListNodesTool } from "./tools/nodes-tools.js";

export function describeTool(tool: unknown): string {
  if (tool instanceof ListNodesTool) return \`nodes tool \${tool.name}\`;
  if (tool instanceof ListExamplesTool) return \`examples tool \${tool.name}\`;
  return "something else";
}
`;

interface ToolInstance {
  readonly name: string;
  process(context: unknown, params: Record<string, unknown>): Promise<unknown>;
}
type Ctor = abstract new (...args: never[]) => ToolInstance;
interface ShimModule {
  readonly ListNodesTool: new (registry: { search(q: string, n: number): { type: string }[] }) => ToolInstance;
  readonly ListExamplesTool: new (catalog: { list(): Promise<{ id: string }[]> }) => ToolInstance;
}

async function load<T>(root: string, rel: string): Promise<T> {
  return (await import(/* @vite-ignore */ pathToFileURL(join(root, rel)).href)) as T;
}

describe("capkit migrate --keep-shims keeps instanceof", { timeout: TOOLCHAIN_TEST_TIMEOUT_MS }, () => {
  it("a shim answers instanceof for its own capability's Tool only, type-checks strictly and narrows", async () => {
    const root = tempProject(join(FIXTURE, "input"), {
      "tsconfig.json": JSON.stringify({
        compilerOptions: { ...STRICT.compilerOptions, paths: undefined },
        include: ["src/**/*.ts"],
      }),
      "package.json": JSON.stringify({ type: "module" }),
      ".gitignore": "node_modules/\n",
    });
    roots.push(root);
    const config = defaultConfig();
    const inventory = inventoryFromPartial(JSON.parse(readFileSync(join(FIXTURE, "inventory.json"), "utf8")), root);
    const result = await runMigration({
      root,
      namespaces: "all",
      config: { ...config, codemods: { ...config.codemods, capabilitiesDir: "src/capabilities" } },
      inventory,
      keepShims: true,
    });
    expect(result.applied).toBe(true);
    expect(result.namespaces[0]?.converted).toEqual(["list_nodes", "list_examples"]);
    expect(readFileSync(join(root, "src/tools/nodes-tools.ts"), "utf8")).toContain(
      "static [Symbol.hasInstance](value: unknown): boolean",
    );

    writeFileSync(join(root, "src/late-caller.ts"), LATE_CALLER);
    const tc = runTypecheck(root);
    expect(tc.errors, tc.output).toEqual([]);

    const { ListNodesTool, ListExamplesTool } = await load<ShimModule>(root, "src/tools/nodes-tools.ts");
    const { Tool } = await load<{ Tool: Ctor }>(root, "src/tools/base-tool.ts");
    const { gateTools } = await load<{ gateTools(tools: ToolInstance[], gate: { mode: string }): ToolInstance[] }>(
      root,
      "src/capabilities/registry.ts",
    );
    const { describeTool } = await load<{ describeTool(tool: unknown): string }>(root, "src/late-caller.ts");

    const nodes = new ListNodesTool({ search: () => [{ type: "text" }, { type: "image" }] });
    const examples = new ListExamplesTool({ list: async () => [{ id: "ex1" }] });
    // The shim returns the registry-backed Tool: a real Tool of the base class that runs the impl.
    expect(nodes).toBeInstanceOf(Tool);
    expect(nodes.constructor).not.toBe(ListNodesTool);
    expect(await nodes.process({ userId: "u1" }, {})).toEqual({ types: ["text", "image"] });
    expect(await examples.process({ userId: "u1" }, {})).toEqual({ ids: ["ex1"] });

    expect(nodes instanceof ListNodesTool).toBe(true);
    expect(examples instanceof ListExamplesTool).toBe(true);
    expect(nodes instanceof ListExamplesTool).toBe(false);
    expect(examples instanceof ListNodesTool).toBe(false);
    // A gated belt keeps the wire name on a Tool, as the rewritten `x.name === "list_nodes"` sees it.
    const [gated] = gateTools([nodes], { mode: "default" });
    expect(gated instanceof ListNodesTool).toBe(true);
    // Not a Tool, or a Tool of another name: not an instance (a provider descriptor has the name too).
    const others: unknown[] = [{ name: "list_nodes" }, "list_nodes", null, undefined, examples];
    for (const other of others) expect(other instanceof ListNodesTool).toBe(false);

    expect([nodes, examples, { name: "list_nodes" }].map(describeTool)).toEqual([
      "nodes tool list_nodes",
      "examples tool list_examples",
      "something else",
    ]);
  });

  it("an abstract intermediate kept for the shims answers instanceof for their Tools, and ordinarily for its other subclasses", async () => {
    const root = tempProject(join(FLATTEN_FIXTURE, "input"), {
      "tsconfig.json": JSON.stringify({
        compilerOptions: { ...STRICT.compilerOptions, paths: undefined },
        include: ["src/**/*.ts"],
      }),
      "package.json": JSON.stringify({ type: "module" }),
      ".gitignore": "node_modules/\n",
    });
    roots.push(root);
    const config = defaultConfig();
    const inventory = inventoryFromPartial(
      JSON.parse(readFileSync(join(FLATTEN_FIXTURE, "inventory.json"), "utf8")),
      root,
    );
    const result = await runMigration({
      root,
      namespaces: "all",
      config: { ...config, codemods: { ...config.codemods, capabilitiesDir: "src/capabilities" } },
      inventory,
      keepShims: true,
    });
    expect(result.applied).toBe(true);
    // A subclass written after the migration still extends the kept intermediate.
    writeFileSync(
      join(root, "src/late-fetch.ts"),
      `import { FetchTool } from "./tools/fetch-tools.js";\nexport class HeadTool extends FetchTool {\n  readonly name = "fetch_head";\n  readonly description = "HEAD a URL.";\n  async process() {\n    return null;\n  }\n}\n`,
    );
    const tc = runTypecheck(root);
    expect(tc.errors, tc.output).toEqual([]);

    const { FetchTool, FetchGetTool } = await load<{ FetchTool: Ctor; FetchGetTool: new () => ToolInstance }>(
      root,
      "src/tools/fetch-tools.ts",
    );
    const { HeadTool } = await load<{ HeadTool: new () => ToolInstance }>(root, "src/late-fetch.ts");
    const get = new FetchGetTool();
    const head = new HeadTool();
    expect(get instanceof FetchGetTool).toBe(true);
    expect(get instanceof FetchTool).toBe(true);
    expect(head instanceof FetchTool).toBe(true);
    expect(head instanceof HeadTool).toBe(true);
    // The fallback answers only for the intermediate itself, and only for the shims' capabilities.
    expect(get instanceof HeadTool).toBe(false);
    expect(head instanceof FetchGetTool).toBe(false);
    for (const other of [{ name: "fetch_get" }, "fetch_get", null]) expect(other instanceof FetchTool).toBe(false);
  });
});
