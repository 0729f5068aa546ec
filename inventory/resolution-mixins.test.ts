import { describe, expect, it } from "vitest";
import { BASE_AT, byName, classNames, extendsEvidence, scanCase } from "./test-support/fixtures.js";

describe("mixins", () => {
  it("lists classes extending a mixin call over the base (direct) or a subclass (indirect), with the mixin in evidence and blockers", async () => {
    const r = await scanCase("mixin-heritage");
    expect(classNames(r)).toEqual([
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
    expect(extendsEvidence(r, "FetchTool")).toBe(
      `extends WithRetry(Tool), through the mixin WithRetry (argument Tool), ${BASE_AT}`,
    );
    expect(extendsEvidence(r, "AuditTool")).toBe(
      `extends mixins.Logging(core.Tool), through the mixin mixins.Logging (argument core.Tool), ${BASE_AT}`,
    );
    expect(extendsEvidence(r, "RobustTool")).toBe(
      `extends WithRetry(mixins.Logging(Tool)), through the mixins WithRetry, mixins.Logging (argument Tool), ${BASE_AT}`,
    );
    expect(byName(r, "TunedTool").direct).toBe(true);
    expect(byName(r, "RetryingGetTool")).toMatchObject({
      direct: false,
      chain: ["RetryingGetTool", "HttpTool", "Tool"],
    });
    expect(extendsEvidence(r, "RetryingGetTool")).toBe(
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
    expect(extendsEvidence(r, "BoundRetryTool")).toBe(
      `extends RetryingBase, through the mixin WithRetry (argument Tool, bound to RetryingBase at packages/agents/src/tools/retrying.ts:4), ${BASE_AT}`,
    );
    expect(byName(r, "BoundRetryTool").blockers.map((b) => b.code)).toEqual(["mixin"]);
    expect(byName(r, "LoggedGetTool")).toMatchObject({ direct: false, chain: ["LoggedGetTool", "HttpTool", "Tool"] });
    expect(extendsEvidence(r, "LoggedGetTool")).toBe(
      "extends LoggedHttp, through the mixin Logging (argument HttpTool, bound to LoggedHttp at packages/agents/src/tools/bound-tools.ts:7), resolved to HttpTool at packages/agents/src/tools/http-tool.ts:3",
    );
    // Bound over a subclass named after the base (`…Tool`) in a file with nothing else to go on.
    expect(byName(r, "RetryHttpGetTool")).toMatchObject({
      direct: false,
      chain: ["RetryHttpGetTool", "HttpTool", "Tool"],
    });
    expect(extendsEvidence(r, "RetryHttpGetTool")).toBe(
      "extends RetryingHttp, through the mixin WithRetry (argument HttpTool, bound to RetryingHttp at packages/agents/src/tools/retrying-http.ts:5), resolved to HttpTool at packages/agents/src/tools/http-tool.ts:3",
    );
  });

  it("finds a header with a `{` before the base: a mixin's options object, a type parameter's object constraint", async () => {
    const r = await scanCase("mixin-heritage");
    expect(extendsEvidence(r, "SettledTool")).toBe(
      `extends WithSettings({ retries: 2 }, Tool), through the mixin WithSettings (argument Tool), ${BASE_AT}`,
    );
    expect(extendsEvidence(r, "KeyedTool")).toBe(`extends Tool, ${BASE_AT}`);
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
      expect(classNames(r)).not.toContain(n);
  });
});
