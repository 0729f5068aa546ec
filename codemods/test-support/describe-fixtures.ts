/**
 * The vitest entry for codemod fixture tests. In a codemod's test file:
 *
 *   describeCodemodFixtures(myCodemod, new URL("./__testfixtures__", import.meta.url));
 *
 * registers, per discovered case, one test comparing output files and expected units and one
 * idempotence test; an empty fixtures folder is itself a failing test.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Codemod } from "../codemod.js";
import { discoverFixtureCases } from "./fixture-cases.js";
import { runFixtureCase, type FixtureRunOptions, type FixtureRunReport } from "./run-case.js";

export function describeCodemodFixtures(
  codemod: Codemod,
  fixturesDir: string | URL,
  options: FixtureRunOptions = {},
): void {
  const dir = fixturesDir instanceof URL ? fileURLToPath(fixturesDir) : fixturesDir;
  const cases = discoverFixtureCases(dir);
  describe(`${codemod.name} fixtures`, () => {
    it("has at least one fixture case", () => {
      expect(
        cases.map((c) => c.name),
        `no <case>/input folders under ${dir}`,
      ).not.toEqual([]);
    });
    const reports = new Map<string, Promise<FixtureRunReport>>();
    const reportFor = (name: string): Promise<FixtureRunReport> => {
      const fixture = cases.find((c) => c.name === name);
      if (!fixture) throw new Error(`unknown case ${name}`);
      let report = reports.get(name);
      if (!report) {
        report = runFixtureCase(codemod, fixture, options);
        reports.set(name, report);
      }
      return report;
    };
    for (const fixture of cases) {
      it(`${fixture.name}: output matches output/ and expected units`, async () => {
        const report = await reportFor(fixture.name);
        expect(report.fileProblems, report.fileProblems.join("\n\n")).toEqual([]);
        expect(report.unitProblems, report.unitProblems.join("\n")).toEqual([]);
      });
      it(`${fixture.name}: idempotent (a second run changes nothing)`, async () => {
        const report = await reportFor(fixture.name);
        expect(report.idempotenceProblems, report.idempotenceProblems.join("\n")).toEqual([]);
      });
    }
  });
}
