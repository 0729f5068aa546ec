/**
 * The pre-filter parses few files, and must lose nothing by it: on every fixture tree (and on
 * trees built for the shapes the fixpoint has to see through), the scan's classes equal those of
 * an analysis of every file parsed. With the stat cache too, whose answers replace the reads.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config/index.js";
import { CAPKIT_ROOT, listWorkspacePackages } from "../../lib/workspace-aliases.js";
import { analyzeFacts } from "../analyze.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import { FIXTURES } from "../test-support/fixtures.js";
import { discoverFiles } from "./discover.js";
import { makeGate } from "./byte-gate.js";
import { textHints } from "./prefilter.js";
import { emptyTimings, scanInventory } from "./scan-inventory.js";
import { structureOf } from "./structure.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

async function everyFileParsed(root: string) {
  const { config } = loadConfig(root);
  const files = await discoverFiles(root, config.scan);
  const facts = files.map((f) => extractFileFacts(f, readFileSync(join(root, f), "utf8")));
  return analyzeFacts({
    root,
    files: facts,
    packages: listWorkspacePackages(root),
    config,
    knownFiles: files,
    generatedAt: "",
  }).classes;
}

function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-select-"));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** A copy whose files are old enough for the stat cache to record, scanned twice with caches. */
async function scanWithStatCache(root: string) {
  const copy = mkdtempSync(join(tmpdir(), "capkit-select-cached-"));
  dirs.push(copy);
  cpSync(root, copy, { recursive: true });
  const old = new Date(Date.now() - 60_000);
  const { config } = loadConfig(copy);
  for (const f of await discoverFiles(copy, config.scan)) utimesSync(join(copy, f), old, old);
  await scanInventory(copy, { cache: true });
  const r = await scanInventory(copy, { cache: true });
  return JSON.parse(JSON.stringify(r.classes).split(copy).join(root)) as typeof r.classes;
}

const TREES: Record<string, Record<string, string>> = {
  // Barrels that name nothing, a renamed re-export, and a construction through the barrel.
  barrels: {
    "packages/agents/src/base-tool.ts": "export abstract class Tool {}\n",
    "packages/agents/src/index.ts": 'export * from "./tools/index.js";\n',
    "packages/agents/src/tools/index.ts":
      'export * from "./http.js";\nexport { HttpTool as Fetcher } from "./http.js";\n',
    "packages/agents/src/tools/http.ts":
      'import { Tool } from "../base-tool.js";\nexport class HttpTool extends Tool {}\n',
    "packages/web/src/crawl.ts":
      'import { Fetcher } from "../../agents/src/index.js";\nexport class CrawlTool extends Fetcher {}\n',
    "packages/web/src/host.ts":
      'import { HttpTool } from "../../agents/src/index.js";\nexport function start() {\n  return new HttpTool();\n}\n',
  },
  // `export default Tool;` and importers that name only their own local names.
  defaults: {
    "packages/agents/src/tool.ts": "abstract class Tool {}\nexport default Tool;\n",
    "packages/agents/src/a.ts": 'import Base from "./tool.js";\nexport default class A extends Base {}\n',
    "packages/agents/src/b.ts": 'import Parent from "./a.js";\nexport class B extends Parent {}\n',
    "packages/agents/src/other.ts": 'import Thing from "./thing.js";\nexport class C extends Thing {}\n',
    "packages/agents/src/thing.ts": "export default class Thing {}\n",
  },
  // A mixin bound to a variable over a subclass whose name does not end in the base's.
  boundMixin: {
    "packages/agents/src/base-tool.ts": "export abstract class Tool {}\n",
    "packages/agents/src/fetcher.ts": 'import { Tool } from "./base-tool.js";\nexport class Fetcher extends Tool {}\n',
    "packages/agents/src/retry.ts":
      'import { Fetcher } from "./fetcher.js";\nimport { WithRetry } from "./mixins.js";\nconst Retrying = WithRetry(Fetcher);\nexport class RetryFetch extends Retrying {}\n',
    "packages/agents/src/mixins.ts":
      "export const WithRetry = <T extends new (...a: any[]) => object>(B: T) => class extends B {};\n",
  },
  // A subclass named only inside longer identifiers in the first search (`HttpTool` holds `Tool`
  // as a part), a categories map in a file that names no class, and another library's own `Tool`.
  namesAndMaps: {
    "packages/agents/src/tools/base-tool.ts": "export abstract class Tool {}\n",
    "packages/agents/src/tools/http.ts":
      'import { Tool } from "./base-tool.js";\nexport class HttpTool extends Tool {\n  readonly name = "http_get";\n}\n',
    "packages/agents/src/tools/read.ts":
      'import { Tool } from "./base-tool.js";\nexport class ReadTool extends Tool {\n  readonly name = "read_file";\n}\n',
    "packages/agents/src/tools/tip.ts":
      'import { HttpTool } from "./http.js";\nexport class TooltipFetch extends HttpTool {\n  readonly name = "tooltip_fetch";\n}\n',
    "packages/agents/src/permissions.ts":
      'export const TOOL_PERMISSION_CATEGORIES = {\n  read_file: "read",\n  http_get: "external",\n};\n',
    "packages/agents/src/belt.ts":
      'import { ReadTool } from "./tools/read.js";\nexport function getBuiltinTools() {\n  return [new ReadTool()];\n}\n',
    "packages/ai/src/Tool.ts": "export class Tool extends Base {}\nexport const make = () => new Tool();\n",
    "packages/ai/src/chat.ts":
      'import * as Tool from "./Tool.js";\nexport class Chat extends Other<Tool.Any> {\n  run(a: Map<string, Tool.Any>) {\n    return has(a, Tool.id) ? new Tool.Tool() : register(Tool.make());\n  }\n}\n',
  },
  // A class table in one file, drawn from by `new Cls()` in another through a barrel.
  tables: {
    "packages/agents/src/tools/base-tool.ts": "export abstract class Tool {}\n",
    "packages/agents/src/tools/read.ts":
      'import { Tool } from "./base-tool.js";\nexport class ReadTool extends Tool {\n  readonly name = "read_file";\n}\n',
    "packages/agents/src/tools/table.ts":
      'import { ReadTool } from "./read.js";\nexport const TOOL_CLASSES = [ReadTool];\n',
    "packages/agents/src/tools/index.ts": 'export * from "./table.js";\n',
    "packages/agents/src/host.ts":
      'import { TOOL_CLASSES } from "./tools/index.js";\nexport function makeAll() {\n  return TOOL_CLASSES.map((Cls) => new Cls());\n}\n',
  },
};

describe("the pre-filter's selection", () => {
  const cases = [
    ...readdirSync(FIXTURES).map((name) => [name, () => join(FIXTURES, name)] as const),
    ["nodetool-mini", () => join(CAPKIT_ROOT, "fixtures", "nodetool-mini")] as const,
    ...Object.entries(TREES).map(([name, files]) => [`tree: ${name}`, () => writeTree(files)] as const),
  ];
  it.each(cases)(
    "%s: finds the classes an analysis of every file finds, with and without the stat cache",
    async (_name, rootOf) => {
      const root = rootOf();
      const want = await everyFileParsed(root);
      const timings = emptyTimings();
      expect((await scanInventory(root, { timings })).classes).toEqual(want);
      expect(await scanWithStatCache(root)).toEqual(want);
    },
  );

  it("parses only the files that can matter (not every barrel or `class … extends`)", async () => {
    const root = writeTree({
      ...TREES["barrels"],
      "packages/ui/src/index.ts": 'export * from "./button.js";\n',
      "packages/ui/src/button.ts":
        "export class Button extends HTMLElement {}\nexport function f<T extends object>(x: T) { return x; }\n",
    });
    const timings = emptyTimings();
    const r = await scanInventory(root, { timings });
    expect(r.classes.map((c) => c.name).sort()).toEqual(["CrawlTool", "HttpTool"]);
    // base, http, the two barrels on the way, crawl, host: not the ui package.
    expect(timings.parsedFiles).toBe(6);
  });

  it("parses a categories map's file, and not the files naming only another library's Tool", async () => {
    const timings = emptyTimings();
    const r = await scanInventory(writeTree(TREES["namesAndMaps"] ?? {}), { timings });
    expect(r.classes.map((c) => c.name).sort()).toEqual(["HttpTool", "ReadTool", "TooltipFetch"]);
    const read = r.classes.find((c) => c.name === "ReadTool");
    expect([read?.category, read?.categorySource]).toEqual(["read", "map"]);
    // The base, three subclasses, the belt and the map. packages/ai's Tool.ts declares a Tool but
    // the configured base module is in the tree; chat.ts names only that Tool: neither is parsed.
    expect(timings.parsedFiles).toBe(6);
  });
});

describe("structureOf", () => {
  it("holds every identifier textHints reads in heritages, export lists and renames, on every fixture file", async () => {
    const gate = makeGate(["Tool"], []);
    for (const name of readdirSync(FIXTURES)) {
      const root = join(FIXTURES, name);
      for (const file of await discoverFiles(root, loadConfig(root).config.scan)) {
        const bytes = readFileSync(join(root, file));
        const h = textHints(bytes.toString("utf8"));
        const idents = new Set(structureOf(bytes).idents);
        const read = [
          ...h.heritages.flatMap((c) => c.idents),
          ...h.exportListNames,
          ...h.aliases.map(([from]) => from),
        ];
        expect(
          read.filter((i) => !idents.has(i)),
          `${name}/${file}`,
        ).toEqual([]);
        // The gate adds the identifiers passed as arguments that end in a base name (`WithRetry(HttpTool)`).
        const gated = gate(bytes);
        expect(gated.idents).toEqual(expect.arrayContaining([...idents]));
        if (!gated.baseArgument) expect(gated.idents).toEqual([...idents]);
      }
    }
  });

  it("reads identifiers as textHints does: leading digits dropped, `$` kept, a heritage or list cut by the file's end", () => {
    const s = structureOf(
      Buffer.from("class A extends 9Foo$1.Bar<$x> {}\nexport { _a, b2 as c3 }\nclass Z extends Last"),
    );
    expect(s.idents).toEqual(expect.arrayContaining(["Foo$1", "Bar", "$x", "_a", "b2", "c3", "Last"]));
    expect(s.idents).not.toContain("9Foo$1");
    expect(structureOf(Buffer.from("export {")).idents).toEqual([]);
    expect(structureOf(Buffer.from("export { Tail")).idents).toEqual(["Tail"]);
  });

  it("reads a class's own heritage only (not a generic constraint's or an interface's), and flags a class extending a local variable", () => {
    const s = structureOf(
      Buffer.from(
        "function f<T extends Base>(a: Other): Third {}\ninterface I extends Iface {}\nconst Retrying = WithRetry(Fetcher);\nclass X extends Retrying {}\n",
      ),
    );
    expect(s.idents).toContain("Retrying");
    expect(s.idents).not.toContain("Base");
    expect(s.idents).not.toContain("Iface");
    expect(s.idents).not.toContain("Other");
    const classes = structureOf(
      Buffer.from(
        "const A = class extends One {};\nclass B<T extends (x: X) => Y = Z> extends Three<T> {}\nexport default class extends Two {}\n",
      ),
    );
    expect(classes.idents).toEqual(expect.arrayContaining(["One", "Two", "Three"]));
    expect(classes.idents).not.toContain("X");
    expect(s.extendsLocalVariable).toBe(true);
    expect(structureOf(Buffer.from('import Base from "./b";\nclass A extends Base {}\n')).extendsDefaultImport).toBe(
      true,
    );
    expect(
      structureOf(Buffer.from('import { Tool as Base } from "./t";\nexport default Tool;\nclass A extends Base {}\n'))
        .idents,
    ).toEqual(expect.arrayContaining(["Tool", "Base"]));
  });
});
