import { describe, expect, it } from "vitest";
import { candidateNames, textHints } from "./scan/prefilter.js";
import { BASE_AT, byName, classNames, extendsEvidence, scanCase } from "./test-support/fixtures.js";

describe("base-class resolution", () => {
  it("follows a named import", async () => {
    const r = await scanCase("named-import");
    expect(classNames(r)).toEqual(["AlphaTool"]);
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
    expect(classNames(r)).toEqual(["CrawlTool", "DeepTool", "FetchTool"]);
    for (const c of r.classes) {
      expect(c.direct).toBe(true);
      expect(c.evidence.join("\n")).toContain("declared at packages/agents/src/tools/base-tool.ts");
    }
    expect(byName(r, "CrawlTool").evidence.join("\n")).toContain("extends AgentTool, resolved to Tool");
  });

  it("counts anonymous class expressions and names a class bound to a const", async () => {
    const r = await scanCase("anonymous-class");
    expect(classNames(r)).toEqual(["NamedByBinding", null].sort());
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
    expect(classNames(r)).toEqual(["RealTool"]);
  });

  it("matches an unresolvable import by name and says so", async () => {
    const r = await scanCase("unresolved-import");
    const c = byName(r, "VendorTool");
    expect(c.direct).toBe(true);
    expect(c.evidence.join("\n")).toMatch(/"@vendor\/agent-sdk", which is not in the scanned tree; matched by name/);
  });

  it("ignores generic constraints, interfaces, comments, strings, tests, dist, .d.ts and files outside packages/", async () => {
    const r = await scanCase("distractors");
    expect(classNames(r)).toEqual(["OnlyRealTool"]);
    expect(r.counters.extendsTool).toEqual({ occurrences: 1, files: 1 });
  });

  it("scope is overridable in config", async () => {
    const r = await scanCase("distractors", { scan: { include: ["**/*.ts"], exclude: ["**/*.d.ts"] } });
    expect(classNames(r)).toEqual(["BuiltTool", "FakeTool", "OnlyRealTool", "OutsideTool", "TestTool"]);
  });
});

describe("default exports and imports", () => {
  it("follows `export default class Tool` imported under any name, and default-exported subclasses", async () => {
    const r = await scanCase("default-import");
    expect(classNames(r)).toEqual(
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
    expect(extendsEvidence(r, "AlphaTool")).toBe(`extends Base, ${BASE_AT}`);
    expect(byName(r, "HttpTool")).toMatchObject({ direct: true, chain: ["HttpTool", "Tool"] });
    expect(byName(r, "HttpGetTool")).toMatchObject({ direct: false, chain: ["HttpGetTool", "HttpTool", "Tool"] });
    expect(extendsEvidence(r, "HttpGetTool")).toBe(
      "extends Http, resolved to HttpTool at packages/agents/src/tools/http.ts:3",
    );
    // through a barrel's `export { default as Tool }` / `export { default as HttpTool }` and a package name
    expect(extendsEvidence(r, "FetchTool")).toBe(`extends Tool, ${BASE_AT}`);
    expect(byName(r, "CrawlTool")).toMatchObject({ direct: false, chain: ["CrawlTool", "HttpTool", "Tool"] });
    // `import { default as ToolRoot }`, an anonymous default class, and a renamed default re-export
    expect(byName(r, null)).toMatchObject({ direct: true, file: "packages/agents/src/tools/anon.ts" });
    expect(extendsEvidence(r, null)).toBe(`extends ToolRoot, ${BASE_AT}`);
    expect(byName(r, "AnonChildTool")).toMatchObject({
      direct: false,
      chain: ["AnonChildTool", "<anonymous>", "Tool"],
    });
    expect(extendsEvidence(r, "BetaTool")).toBe(`extends AgentBase, ${BASE_AT}`);
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
    expect(classNames(r)).toEqual(["FuzzySearchTool", "SearchTool", "VendorDefaultTool"]);
    expect(extendsEvidence(r, "SearchTool")).toBe(
      "extends Core, resolved to Tool declared at packages/core/src/tool.ts:1",
    );
    expect(byName(r, "FuzzySearchTool")).toMatchObject({
      direct: false,
      chain: ["FuzzySearchTool", "SearchTool", "Tool"],
    });
    expect(extendsEvidence(r, "FuzzySearchTool")).toBe(
      "extends Search, resolved to SearchTool at packages/core/src/search.ts:3",
    );
    expect(byName(r, "VendorDefaultTool").direct).toBe(true);
    expect(extendsEvidence(r, "VendorDefaultTool")).toBe(
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
