import { describe, expect, it } from "vitest";
import { describeCodemodFixtures, discoverFixtureCases, runFixtureCase } from "../test-support/index.js";
import { describeFixtureWarnings } from "../test-support/fixture-warnings.js";
import { isUnitCode } from "../unit-codes.js";
import { REFUSAL_CODES, toolClassToCapability } from "./index.js";

const FIXTURES = new URL("./__testfixtures__", import.meta.url);

describeCodemodFixtures(toolClassToCapability, FIXTURES);
describeFixtureWarnings(toolClassToCapability, FIXTURES);

describe("tool-class-to-capability refusals", () => {
  it("exercises every refusal code in the fixtures, each a kebab-case code of the shared vocabulary with file:line and a fix", async () => {
    const seen = new Set<string>();
    for (const fixture of discoverFixtureCases(new URL(FIXTURES).pathname)) {
      const report = await runFixtureCase(toolClassToCapability, fixture);
      for (const r of report.results.filter((u) => u.outcome === "refused" || u.outcome === "skipped")) {
        expect(r.code && isUnitCode(r.code), `${r.unit}: ${r.reason}`).toBe(true);
        if (r.outcome === "skipped") continue;
        expect(r.reason?.startsWith(`${r.code} at `), r.reason).toBe(true);
        expect(r.reason).toMatch(/ at [^ ]+:\d+: /);
        expect(r.reason).toContain("to unblock: ");
        expect(r.fix, r.reason).toBeTruthy();
        seen.add(r.code as string);
      }
    }
    const expected = Object.keys(REFUSAL_CODES);
    expect([...seen].sort()).toEqual(expect.arrayContaining(expected.sort()));
  });

  it("never touches classes of other kinds", async () => {
    const fixture = discoverFixtureCases(new URL(FIXTURES).pathname).find((c) => c.name === "refusals");
    if (!fixture) throw new Error("refusals fixture missing");
    const report = await runFixtureCase(toolClassToCapability, fixture);
    expect(report.results.map((r) => r.unit)).not.toContain("SubmitTool");
    expect(report.produced.get("src/tools/odd-tools.ts")).toContain("export class SubmitTool extends Tool");
  });
});
