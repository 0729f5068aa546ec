/**
 * Test-only: per-case `warnings.json` next to `expected.json` (`[{ "unit", "file"?, "warning" }]`)
 * lists warnings a changed unit must carry (reverse-seam imports, cross-package notes). The
 * shared fixture runner checks outcomes and reasons; this adds the warnings, discovered by glob
 * like the cases themselves.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Codemod } from "../codemod.js";
import { discoverFixtureCases, readFixtureJson, runFixtureCase, type FixtureRunOptions } from "./index.js";

interface ExpectedWarning {
  readonly unit: string;
  readonly file?: string;
  readonly warning: string;
}

export function describeFixtureWarnings(codemod: Codemod, fixturesDir: URL, options: FixtureRunOptions = {}): void {
  const cases = discoverFixtureCases(fileURLToPath(fixturesDir)).filter((c) =>
    existsSync(join(c.dir, "warnings.json")),
  );
  describe(`${codemod.name} fixture warnings`, () => {
    for (const fixture of cases) {
      it(`${fixture.name}: changed units carry the warnings in warnings.json`, async () => {
        const wanted = readFixtureJson(join(fixture.dir, "warnings.json")) as ExpectedWarning[];
        const { results } = await runFixtureCase(codemod, fixture, options);
        for (const w of wanted) {
          const hit = results.find(
            (r) =>
              r.unit === w.unit &&
              (!w.file || r.file === w.file) &&
              (r.warnings ?? []).some((x) => x.includes(w.warning)),
          );
          expect(hit, `${w.unit}${w.file ? ` in ${w.file}` : ""} should warn "${w.warning}"`).toBeDefined();
        }
      });
    }
  });
}
