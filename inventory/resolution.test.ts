import { describe, expect, it } from "vitest";
import { candidateNames, textHints } from "./scan/prefilter.js";
import { byName, scanCase } from "./test-support/fixtures.js";

const names = (r: { classes: readonly { name: string | null }[] }) => r.classes.map((c) => c.name).sort();

describe("base-class resolution", () => {
  it("follows a named import", async () => {
    const r = await scanCase("named-import");
    expect(names(r)).toEqual(["AlphaTool"]);
    const c = byName(r, "AlphaTool");
    expect(c).toMatchObject({ base: "Tool", direct: true, chain: ["AlphaTool", "Tool"], line: 3 });
    expect(c.evidence.join("\n")).toContain("resolved to Tool declared at packages/agents/src/tools/base-tool.ts:2");
  });

  it("follows an aliased import (import { Tool as BaseTool })", async () => {
    const r = await scanCase("aliased-import");
    expect(byName(r, "AlphaTool")).toMatchObject({ base: "Tool", direct: true });
  });

  it("follows a namespace import (core.Tool)", async () => {
    const r = await scanCase("namespace-import");
    expect(byName(r, "AlphaTool").evidence.join("\n")).toContain("extends core.Tool, resolved to Tool");
  });

  it("follows barrels, renamed re-exports and workspace package names", async () => {
    const r = await scanCase("barrel-workspace");
    expect(names(r)).toEqual(["CrawlTool", "DeepTool", "FetchTool"]);
    for (const c of r.classes) {
      expect(c.direct).toBe(true);
      expect(c.evidence.join("\n")).toContain("declared at packages/agents/src/tools/base-tool.ts");
    }
    expect(byName(r, "CrawlTool").evidence.join("\n")).toContain("extends AgentTool, resolved to Tool");
  });

  it("counts anonymous class expressions and names a class bound to a const", async () => {
    const r = await scanCase("anonymous-class");
    expect(names(r)).toEqual(["NamedByBinding", null].sort());
    const anon = byName(r, null);
    expect(anon.kind).toBe("host-bridge");
    expect(anon.evidence[0]).toContain("made by a factory: makeNodeTool returns this class");
    expect(anon.evidence.join("\n")).toContain(
      "made through makeNodeTool() in buildHostTools (packages/agents/src/host.ts:4)",
    );
    expect(r.counters.extendsTool).toEqual({ occurrences: 2, files: 1 });
  });

  it("lists indirect subclasses apart, with their chain", async () => {
    const r = await scanCase("indirect-subclass");
    expect(byName(r, "HttpTool")).toMatchObject({ direct: true, chain: ["HttpTool", "Tool"] });
    expect(byName(r, "HttpGetTool")).toMatchObject({ direct: false, chain: ["HttpGetTool", "HttpTool", "Tool"] });
    expect(byName(r, "CachedGetTool")).toMatchObject({
      direct: false,
      chain: ["CachedGetTool", "HttpGetTool", "HttpTool", "Tool"],
      wireName: "cached_get",
    });
    expect(r.counters.extendsTool).toEqual({ occurrences: 1, files: 1 });
    expect(r.counters.indirect).toEqual({ occurrences: 3, files: 2 });
    expect(byName(r, "HttpGetTool").blockers.map((b) => b.code)).toContain("indirect-subclass");
  });

  it("does not take a local class that merely shares the name for the base", async () => {
    const r = await scanCase("local-tool-name");
    expect(names(r)).toEqual(["RealTool"]);
  });

  it("matches an unresolvable import by name and says so", async () => {
    const r = await scanCase("unresolved-import");
    const c = byName(r, "VendorTool");
    expect(c.direct).toBe(true);
    expect(c.evidence.join("\n")).toMatch(/"@vendor\/agent-sdk", which is not in the scanned tree; matched by name/);
  });

  it("ignores generic constraints, interfaces, comments, strings, tests, dist, .d.ts and files outside packages/", async () => {
    const r = await scanCase("distractors");
    expect(names(r)).toEqual(["OnlyRealTool"]);
    expect(r.counters.extendsTool).toEqual({ occurrences: 1, files: 1 });
  });

  it("scope is overridable in config", async () => {
    const r = await scanCase("distractors", { scan: { include: ["**/*.ts"], exclude: ["**/*.d.ts"] } });
    expect(names(r)).toEqual(["BuiltTool", "FakeTool", "OnlyRealTool", "OutsideTool", "TestTool"]);
  });
});

const resolution = (r: Parameters<typeof byName>[0], name: string | null) =>
  byName(r, name)
    .evidence.filter((e) => e.startsWith("extends "))
    .join("\n");
const BASE_AT = "resolved to Tool declared at packages/agents/src/tools/base-tool.ts:2";

describe("default exports and imports", () => {
  it("follows `export default class Tool` imported under any name, and default-exported subclasses", async () => {
    const r = await scanCase("default-import");
    expect(names(r)).toEqual(
      [
        "AlphaTool",
        "AnonChildTool",
        "BetaTool",
        "CrawlTool",
        "EchoTool",
        "FetchTool",
        "GuardedTool",
        "HttpGetTool",
        "HttpTool",
        null,
      ].sort(),
    );
    expect(resolution(r, "AlphaTool")).toBe(`extends Base, ${BASE_AT}`);
    expect(byName(r, "HttpTool")).toMatchObject({ direct: true, chain: ["HttpTool", "Tool"] });
    expect(byName(r, "HttpGetTool")).toMatchObject({ direct: false, chain: ["HttpGetTool", "HttpTool", "Tool"] });
    expect(resolution(r, "HttpGetTool")).toBe(
      "extends Http, resolved to HttpTool at packages/agents/src/tools/http.ts:3",
    );
    // through a barrel's `export { default as Tool }` / `export { default as HttpTool }` and a package name
    expect(resolution(r, "FetchTool")).toBe(`extends Tool, ${BASE_AT}`);
    expect(byName(r, "CrawlTool")).toMatchObject({ direct: false, chain: ["CrawlTool", "HttpTool", "Tool"] });
    // `import { default as ToolRoot }`, an anonymous default class, and a renamed default re-export
    expect(byName(r, null)).toMatchObject({ direct: true, file: "packages/agents/src/tools/anon.ts" });
    expect(resolution(r, null)).toBe(`extends ToolRoot, ${BASE_AT}`);
    expect(byName(r, "AnonChildTool")).toMatchObject({
      direct: false,
      chain: ["AnonChildTool", "<anonymous>", "Tool"],
    });
    expect(resolution(r, "BetaTool")).toBe(`extends AgentBase, ${BASE_AT}`);
    expect(r.counters.extendsTool).toEqual({ occurrences: 7, files: 7 });
    expect(r.counters.indirect).toEqual({ occurrences: 3, files: 3 });
  });

  it("finds where a default-exported class is constructed under its importer's name", async () => {
    const r = await scanCase("default-import");
    // packages/web/src/echo-host.ts has nothing but `import Echo from …` and `new Echo()`.
    expect(byName(r, "EchoTool").evidence).toContain("constructed in startEcho (packages/web/src/echo-host.ts:5)");
  });

  it("knows a default-imported base in a constructor type (a wrapper is infrastructure)", async () => {
    const r = await scanCase("default-import");
    expect(byName(r, "GuardedTool").kind).toBe("infrastructure");
    expect(byName(r, "GuardedTool").evidence[0]).toMatch(/^wraps another tool: constructor takes inner: Base/);
  });

  it("follows `export { Tool as default }` and `export default Name`, and matches an unresolved default import by its local name", async () => {
    const r = await scanCase("default-export-forms");
    expect(names(r)).toEqual(["FuzzySearchTool", "SearchTool", "VendorDefaultTool"]);
    expect(resolution(r, "SearchTool")).toBe("extends Core, resolved to Tool declared at packages/core/src/tool.ts:1");
    expect(byName(r, "FuzzySearchTool")).toMatchObject({
      direct: false,
      chain: ["FuzzySearchTool", "SearchTool", "Tool"],
    });
    expect(resolution(r, "FuzzySearchTool")).toBe(
      "extends Search, resolved to SearchTool at packages/core/src/search.ts:3",
    );
    expect(byName(r, "VendorDefaultTool").direct).toBe(true);
    expect(resolution(r, "VendorDefaultTool")).toBe(
      'extends Tool: default-imported at packages/core/src/vendor.ts:1 from "@vendor/agent-sdk", which is not in the scanned tree; matched by name',
    );
  });

  it("the pre-filter takes `default as X` names that some class extends, and only those", () => {
    const hints = [
      'import { default as Root } from "./t";\nexport class A extends Root {}',
      'export { default as Agent } from "./t";\nexport { default as Button } from "./button";',
      'import { Agent as Renamed } from "./barrel";\nclass B extends Renamed {}',
    ].map((t) => textHints(t));
    expect([...candidateNames(["Tool"], hints)].sort()).toEqual(["A", "Agent", "B", "Renamed", "Root", "Tool"]);
  });
});

describe("mixins", () => {
  it("lists classes extending a mixin call over the base (direct) or a subclass (indirect), with the mixin in evidence and blockers", async () => {
    const r = await scanCase("mixin-heritage");
    expect(names(r)).toEqual([
      "AuditTool",
      "BoundRetryTool",
      "CachedFetchTool",
      "FetchTool",
      "HttpTool",
      "KeyedTool",
      "LoggedGetTool",
      "RetryHttpGetTool",
      "RetryingGetTool",
      "RobustTool",
      "SettledTool",
      "TunedTool",
    ]);
    expect(byName(r, "FetchTool")).toMatchObject({ direct: true, chain: ["FetchTool", "Tool"], base: "Tool" });
    expect(resolution(r, "FetchTool")).toBe(
      `extends WithRetry(Tool), through the mixin WithRetry (argument Tool), ${BASE_AT}`,
    );
    expect(resolution(r, "AuditTool")).toBe(
      `extends mixins.Logging(core.Tool), through the mixin mixins.Logging (argument core.Tool), ${BASE_AT}`,
    );
    expect(resolution(r, "RobustTool")).toBe(
      `extends WithRetry(mixins.Logging(Tool)), through the mixins WithRetry, mixins.Logging (argument Tool), ${BASE_AT}`,
    );
    expect(byName(r, "TunedTool").direct).toBe(true);
    expect(byName(r, "RetryingGetTool")).toMatchObject({
      direct: false,
      chain: ["RetryingGetTool", "HttpTool", "Tool"],
    });
    expect(resolution(r, "RetryingGetTool")).toBe(
      "extends WithRetry(HttpTool), through the mixin WithRetry (argument HttpTool), resolved to HttpTool at packages/agents/src/tools/http-tool.ts:3",
    );
    expect(byName(r, "CachedFetchTool")).toMatchObject({
      direct: false,
      chain: ["CachedFetchTool", "FetchTool", "Tool"],
    });
    expect(byName(r, "FetchTool").blockers).toEqual([
      {
        code: "mixin",
        message: "extends through the mixin WithRetry: what it adds would be lost by a mechanical conversion",
        file: "packages/agents/src/tools/mixed-tools.ts",
        line: 9,
      },
    ]);
    expect(byName(r, "RetryingGetTool").blockers.map((b) => b.code)).toEqual(["indirect-subclass", "mixin"]);
    expect(byName(r, "CachedFetchTool").blockers.map((b) => b.code)).toEqual(["indirect-subclass"]);
    expect(r.counters.extendsTool).toEqual({ occurrences: 8, files: 4 });
    expect(r.counters.indirect).toEqual({ occurrences: 4, files: 2 });
  });

  it("follows a variable bound to a mixin call, imported from a file with no class or local, to the base or a subclass", async () => {
    const r = await scanCase("mixin-heritage");
    expect(byName(r, "BoundRetryTool")).toMatchObject({ direct: true, chain: ["BoundRetryTool", "Tool"] });
    expect(resolution(r, "BoundRetryTool")).toBe(
      `extends RetryingBase, through the mixin WithRetry (argument Tool, bound to RetryingBase at packages/agents/src/tools/retrying.ts:4), ${BASE_AT}`,
    );
    expect(byName(r, "BoundRetryTool").blockers.map((b) => b.code)).toEqual(["mixin"]);
    expect(byName(r, "LoggedGetTool")).toMatchObject({ direct: false, chain: ["LoggedGetTool", "HttpTool", "Tool"] });
    expect(resolution(r, "LoggedGetTool")).toBe(
      "extends LoggedHttp, through the mixin Logging (argument HttpTool, bound to LoggedHttp at packages/agents/src/tools/bound-tools.ts:7), resolved to HttpTool at packages/agents/src/tools/http-tool.ts:3",
    );
    // Bound over a subclass named after the base (`…Tool`) in a file with nothing else to go on.
    expect(byName(r, "RetryHttpGetTool")).toMatchObject({
      direct: false,
      chain: ["RetryHttpGetTool", "HttpTool", "Tool"],
    });
    expect(resolution(r, "RetryHttpGetTool")).toBe(
      "extends RetryingHttp, through the mixin WithRetry (argument HttpTool, bound to RetryingHttp at packages/agents/src/tools/retrying-http.ts:5), resolved to HttpTool at packages/agents/src/tools/http-tool.ts:3",
    );
  });

  it("finds a header with a `{` before the base: a mixin's options object, a type parameter's object constraint", async () => {
    const r = await scanCase("mixin-heritage");
    expect(resolution(r, "SettledTool")).toBe(
      `extends WithSettings({ retries: 2 }, Tool), through the mixin WithSettings (argument Tool), ${BASE_AT}`,
    );
    expect(resolution(r, "KeyedTool")).toBe(`extends Tool, ${BASE_AT}`);
    expect(byName(r, "KeyedTool").direct).toBe(true);
  });

  it("does not count a mixin over another class, a generic constraint or an implements clause", async () => {
    const r = await scanCase("mixin-heritage");
    for (const n of [
      "ObservedEmitter",
      "ToolBox",
      "ToolShape",
      "Retrying",
      "Logged",
      "Configured",
      "Observed",
      "Settled",
      "RetryingBase",
      "LoggedHttp",
      "RetryingHttp",
    ])
      expect(names(r)).not.toContain(n);
  });
});

describe("workspace package exports maps", () => {
  it("resolves subpaths, `*` patterns and conditions (types, import, default, require), `.js` targets through their `.ts` twin", async () => {
    const r = await scanCase("workspace-exports");
    expect(names(r)).toEqual([
      "BaseSubpathTool",
      "HttpTool",
      "InputConditionTool",
      "KitTool",
      "LegacyTool",
      "MainTool",
      "StarGetTool",
      "ToolsEntryTool",
      "TwinGetTool",
    ]);
    // ".": types and import lead to dist/ (not scanned), "default" to src/main.ts
    expect(resolution(r, "MainTool")).toBe(`extends Tool, ${BASE_AT}`);
    // "./tools": "types" (src/tools/index.ts) is preferred over the "import" written first (a shim without Tool)
    expect(resolution(r, "ToolsEntryTool")).toBe(`extends ToolsTool, ${BASE_AT}`);
    // "./kit/*": { types: "./src/tools/*.ts" } — no src/kit/ folder to guess from
    expect(resolution(r, "KitTool")).toBe(`extends Tool, ${BASE_AT}`);
    expect(byName(r, "StarGetTool")).toMatchObject({ direct: false, chain: ["StarGetTool", "HttpTool", "Tool"] });
    expect(resolution(r, "StarGetTool")).toBe(
      "extends HttpTool, resolved to HttpTool at packages/agents/src/tools/http-tool.ts:3",
    );
    // "./tools/*": "./src/tools/*" with a `.js` specifier, and "./base": "./src/tools/base-tool.js"
    expect(byName(r, "TwinGetTool")).toMatchObject({ direct: false, chain: ["TwinGetTool", "HttpTool", "Tool"] });
    expect(resolution(r, "BaseSubpathTool")).toBe(`extends agents.Tool, ${BASE_AT}`);
    // "./input-base": the source only under a custom "input" condition, "require"/"import" nested into dist/
    expect(resolution(r, "InputConditionTool")).toBe(`extends Tool, ${BASE_AT}`);
    // "./legacy" targets only dist/: falls back to src/legacy.ts
    expect(resolution(r, "LegacyTool")).toBe(`extends Tool, ${BASE_AT}`);
    for (const c of r.classes) expect(c.evidence.join("\n")).not.toContain("matched by name");
  });

  it("lists a configured base that extends another configured base, and resolves pnpm workspace subpaths with dist-only exports", async () => {
    const config = {
      scan: { include: ["libs/**/*.ts"] },
      base: { names: ["StructuredTool", "Tool"], module: "libs/core/src/tools/index.ts" },
    };
    const r = await scanCase("intermediate-bases", config);
    expect(names(r)).toEqual(["ExaSearch", "ExaSimilar", "Tool"]);
    expect(byName(r, "Tool")).toMatchObject({ base: "StructuredTool", direct: true });
    expect(byName(r, "ExaSearch")).toMatchObject({ base: "Tool", direct: true });
    for (const c of r.classes) expect(c.evidence.join("\n")).not.toContain("not in the scanned tree");
    const oneBase = await scanCase("intermediate-bases", {
      ...config,
      base: { ...config.base, names: ["StructuredTool"] },
    });
    expect(names(oneBase)).toEqual(["ExaSearch", "ExaSimilar", "Tool"]);
    expect(byName(oneBase, "ExaSearch")).toMatchObject({
      direct: false,
      chain: ["ExaSearch", "Tool", "StructuredTool"],
    });
  });
});
