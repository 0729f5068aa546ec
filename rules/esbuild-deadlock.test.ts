/**
 * The regression fixture for the esbuild async-cycle deadlock (`__fixtures__/esbuild-deadlock/`): `capkit lint`
 * flags the reverse import and the async cycle, `capkit smoke` reproduces the bundle-only hang
 * and names the cycle, and the fixed-direction copy passes both.
 */
import { describe, expect, it } from "vitest";
import { main } from "../bin/capkit.js";
import { captureIO } from "../bin/test-support/cli-io.js";
import { FIXTURES } from "./test-support/rule-tester.js";

const T = "packages/agents/src/tools";
const C = "packages/agents/src/capabilities";
const ENTRY = "packages/agents/src/server.ts";

interface LintJson {
  violations: { rule: string; file: string; line: number; message: string }[];
  cycles: number;
  asyncCycles: number;
}

async function lint(tree: string): Promise<{ code: number; json: LintJson }> {
  const io = captureIO(FIXTURES);
  const code = await main(["lint", tree, "--json"], io);
  return { code, json: JSON.parse(io.out.join("")) as LintJson };
}

describe("esbuild-deadlock fixture", () => {
  it("capkit lint flags the reverse import and the async cycle across the seam", async () => {
    const { code, json } = await lint("esbuild-deadlock");
    expect(code).toBe(1);
    expect(json.violations.map(({ rule, file, line }) => ({ rule, file, line }))).toEqual([
      { rule: "no-reverse-seam-import", file: `${T}/tool-permissions.ts`, line: 4 },
      { rule: "no-seam-cycle", file: `${T}/tool-permissions.ts`, line: 4 },
    ]);
    const cycle = json.violations[1]?.message ?? "";
    expect(cycle).toContain(`${T}/tool-permissions.ts → ${C}/adapters.ts → ${T}/tool-permissions.ts`);
    expect(cycle).toContain(`top-level await in ${T}/settings.ts:2`);
    expect(json).toMatchObject({ cycles: 1, asyncCycles: 1 });
  });

  it("capkit smoke reproduces the hang: the bundle deadlocks (exit 13), unbundled runs, the cycle is named", async () => {
    const io = captureIO(FIXTURES);
    const code = await main(["smoke", `esbuild-deadlock/${ENTRY}`, "--timeout", "20", "--json"], io);
    const result = JSON.parse(io.out.join(""));
    expect(code).toBe(1);
    expect(result.ok).toBe(false);
    expect(result.bundled).toMatchObject({ status: "deadlock", exitCode: 13 });
    expect(result.unbundled.status).toBe("ok");
    expect(result.unbundled.stdout).toContain("ready: list_workflows:read, run_job:execute");
    expect(result.cycles).toEqual([
      {
        seam: "tools-capabilities",
        files: [`${T}/tool-permissions.ts`, `${C}/adapters.ts`],
        async: { file: `${T}/settings.ts`, line: 2 },
      },
    ]);
    expect(result.diagnosis).toContain("bundle-only failure");
  });

  it("the fixed-direction copy passes lint and smoke", async () => {
    const { code, json } = await lint("esbuild-deadlock-fixed");
    expect(code).toBe(0);
    expect(json.violations).toEqual([]);
    const io = captureIO(FIXTURES);
    const smoke = await main(["smoke", `esbuild-deadlock-fixed/${ENTRY}`, "--timeout", "20"], io);
    expect(io.out.join("")).toContain(`capkit smoke ${ENTRY}: ok`);
    expect(smoke).toBe(0);
  });

  it("smoke usage errors exit 2", async () => {
    const io = captureIO(FIXTURES);
    expect(await main(["smoke"], io)).toBe(2);
    expect(await main(["smoke", `esbuild-deadlock/${ENTRY}`, "--timeout", "soon"], io)).toBe(2);
    expect(io.err.join("")).toContain("--timeout must be a positive number");
  });
});
