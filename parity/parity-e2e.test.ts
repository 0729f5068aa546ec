/**
 * Done-when of `capkit parity`, end to end through the CLI on a temporary copy of the embedded
 * fixture (outside the repo, no node_modules): record → migrate --all → parity passes every
 * check and kills every mutant; then one category edited in the migrated specs and one
 * implementation's output changed make it fail, each problem naming its capability.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliArgs } from "../bin/test-support/cli.js";
import { TOOLCHAIN_TEST_TIMEOUT_MS } from "../lib/test-support/toolchain-timeout.js";

const REPO = resolve(import.meta.dirname, "..");
const CAPS = "packages/agents/src/capabilities";
const root = mkdtempSync(join(tmpdir(), "capkit-parity-e2e-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const timings: string[] = [];
afterAll(() => console.log(`parity e2e timings: ${timings.join(", ")}`));
function capkit(...args: string[]) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, cliArgs(...args), { encoding: "utf8" });
  timings.push(`${args.slice(0, 1).concat(args.slice(2)).join(" ")} ${Math.round(performance.now() - t0)} ms`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
/** Replace the first `from` after `anchor` in a migrated file. */
function edit(rel: string, anchor: string, from: string, to: string) {
  const text = readFileSync(join(root, rel), "utf8");
  const at = text.indexOf(from, text.indexOf(anchor));
  expect(text.indexOf(anchor), `${anchor} in ${rel}`).toBeGreaterThanOrEqual(0);
  expect(at, `${from} after ${anchor} in ${rel}`).toBeGreaterThanOrEqual(0);
  writeFileSync(join(root, rel), text.slice(0, at) + to + text.slice(at + from.length));
}
type Result = {
  ok: boolean;
  checks: { name: string; ok: boolean; problems: string[] }[];
  mutants?: { total: number; killed: number; survivors: string[] };
};

describe("capkit parity on a migrated copy of nodetool-mini", { timeout: TOOLCHAIN_TEST_TIMEOUT_MS }, () => {
  it("record → migrate --all → parity passes, then a reclassification and a changed output fail by name", () => {
    cpSync(join(REPO, "fixtures/nodetool-mini"), root, { recursive: true });
    rmSync(join(root, ".capkit/results"), { recursive: true, force: true });
    cpSync(join(REPO, "parity/presets/nodetool-mini.cases.json"), join(root, ".capkit/parity-cases.json"));

    const rec = capkit("parity", root, "--record", "--json");
    expect(rec.code, rec.stderr).toBe(0);
    expect(JSON.parse(rec.stdout).capabilities).toBeGreaterThanOrEqual(40);

    const migrate = capkit("migrate", root, "--all", "--allow-dirty", "--no-git", "--json");
    expect([0, 1], migrate.stderr).toContain(migrate.code); // 1 when some classes are refused (the fixture has such cases)
    expect(JSON.parse(migrate.stdout).namespaces.length).toBeGreaterThan(0);

    const pass = capkit("parity", root, "--json", "--mutants");
    const passed = JSON.parse(pass.stdout) as Result;
    expect(passed.checks.map((c) => [c.name, c.problems])).toEqual([
      ["drift", []],
      ["category-snapshot", []],
      ["gate-parity", []],
      ["behaviour", []],
    ]);
    expect(passed.mutants?.total).toBeGreaterThanOrEqual(8);
    expect(passed.mutants?.survivors).toEqual([]);
    expect(pass.code).toBe(0);

    edit(`${CAPS}/workflows.specs.ts`, 'name: "create_workflow"', 'category: "write"', 'category: "read"');
    edit(`${CAPS}/jobs.ts`, "spec: getJobSpec", "...jobSummary(job),", '...jobSummary(job), status: "done",');
    const fail = capkit("parity", root, "--json");
    expect(fail.code).toBe(1);
    const failed = JSON.parse(fail.stdout) as Result;
    const problems = (name: string) => failed.checks.find((c) => c.name === name)?.problems ?? [];
    expect(problems("category-snapshot")).toEqual([
      expect.stringMatching(/^create_workflow: category changed from "write" .* to "read" \(registry\)$/),
      expect.stringMatching(
        /^create_workflow: reclassified during migration: old category "write" .*, new category "read"$/,
      ),
    ]);
    expect(problems("behaviour")).toEqual([
      expect.stringMatching(
        /^get_job: behaviour differs from the recording .*at \$\.status: expected "completed", got "done"$/,
      ),
    ]);

    // Re-recording the migrated tree: refused, and forced it says what it recorded. The
    // recorder's own fake context runs the migrated tools: no headless-gate warning is the user's.
    const refused = capkit("parity", root, "--record");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refusing to overwrite \.capkit\/parity-recording\.json/);
    expect(refused.stderr).not.toMatch(/permission gate|headless|CapkitHeadlessGate/);
    const forced = capkit("parity", root, "--record", "--force");
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).not.toMatch(/permission gate|headless|CapkitHeadlessGate/);
    expect(forced.stderr).toMatch(/warning: \d+ of the recorded tools are already capabilities/);
    expect(forced.stdout).toMatch(/written to \.capkit\/parity-recording\.json/);
    expect(forced.stdout).toMatch(/from the migrated code/);
    expect(forced.stdout).not.toMatch(/commit it/);
  });
});
