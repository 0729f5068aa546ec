// Dev aid (not a test): writes what the codemod produces for a case into <case>/output for review.
import { rmSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { discoverFixtureCases, runFixtureCase } from "./codemods/testing/index.js";
import { toolClassToCapability } from "./codemods/tool-class-to-capability/index.js";
const dir = "codemods/tool-class-to-capability/__testfixtures__";
for (const c of discoverFixtureCases(join(process.cwd(), dir))) {
  if (process.argv[2] && c.name !== process.argv[2]) continue;
  const r = await runFixtureCase(toolClassToCapability, c);
  rmSync(c.outputDir, { recursive: true, force: true });
  for (const [p, t] of r.produced) { mkdirSync(dirname(join(c.outputDir, p)), { recursive: true }); writeFileSync(join(c.outputDir, p), t); }
  console.log(c.name, r.results.map((u) => `${u.unit}:${u.outcome}${u.reason ? ` (${u.reason})` : ""}`).join("\n  "), "\n idem:", r.idempotenceProblems, r.unitProblems);
}
