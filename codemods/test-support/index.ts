/**
 * Shared test helper for every codemod: fixture discovery by glob, a VirtualTree over a fixture
 * folder, a hand-written-inventory filler, and the vitest registration
 * `describeCodemodFixtures(codemod, new URL("./__testfixtures__", import.meta.url), options?)`.
 *
 * Fixture layout: `codemods/<name>/__testfixtures__/<case>/input/**` and `output/**` (full trees,
 * compared byte-for-byte, missing/extra files fail), optional `<case>/inventory.json` (partial
 * ClassRecords are filled in), `<case>/options.json` (CodemodContext overrides: namespaces,
 * capabilitiesDir, runFields, keepShims, runtimeImport) and `<case>/expected.json`
 * (`{ "units": [{ "unit", "outcome", "reason"? }] }`; unlisted refusals fail unless
 * `"exhaustiveRefusals": false`). Every case also gets an idempotence test.
 */
export {
  discoverFixtureCases,
  listDirFiles,
  readDirFiles,
  readFixtureJson,
  treeFromDir,
  treeFromFiles,
} from "./fixture-cases.js";
export type { ExpectedFile, ExpectedUnit, FixtureCase } from "./fixture-cases.js";
export { inventoryFromPartial } from "./inventory-stub.js";
export { checkUnits, compareFiles, describeDifference, runFixtureCase } from "./run-case.js";
export type { FixtureRunOptions, FixtureRunReport } from "./run-case.js";
export { describeCodemodFixtures } from "./describe-fixtures.js";
