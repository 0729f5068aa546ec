import { describe, expect, it } from "vitest";
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
    expect(anon.evidence.join("\n")).toContain("made through makeNodeTool() in buildHostTools (packages/agents/src/host.ts:4)");
    expect(r.counters.extendsTool).toEqual({ occurrences: 2, files: 1 });
  });

  it("lists indirect subclasses apart, with their chain", async () => {
    const r = await scanCase("indirect-subclass");
    expect(byName(r, "HttpTool")).toMatchObject({ direct: true, chain: ["HttpTool", "Tool"] });
    expect(byName(r, "HttpGetTool")).toMatchObject({ direct: false, chain: ["HttpGetTool", "HttpTool", "Tool"] });
    expect(byName(r, "CachedGetTool")).toMatchObject({ direct: false, chain: ["CachedGetTool", "HttpGetTool", "HttpTool", "Tool"], wireName: "cached_get" });
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
