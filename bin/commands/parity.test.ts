import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../capkit.js";
import { cliArgs } from "../test-support/cli.js";
import { captureIO } from "../test-support/cli-io.js";
import { CAPS, cleanupCopies, copyMiniTarget, edit } from "../../parity/test-support/mini-target.js";
import { TOOLCHAIN_TEST_TIMEOUT_MS } from "../../lib/test-support/toolchain-timeout.js";

afterAll(cleanupCopies);

function capkit(...args: string[]) {
  const r = spawnSync(process.execPath, cliArgs("parity", ...args), { encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe(
  "capkit parity (CLI, on a copy of the mini target outside the repo)",
  { timeout: TOOLCHAIN_TEST_TIMEOUT_MS },
  () => {
    it("--record, then --json --mutants: one JSON document, every check ok, all mutants killed, result saved", () => {
      const root = copyMiniTarget();
      rmSync(join(root, ".capkit/parity-recording.json"));
      const rec = capkit(root, "--record", "--json");
      expect(rec.code).toBe(0);
      expect(JSON.parse(rec.stdout)).toEqual({
        root,
        recording: ".capkit/parity-recording.json",
        capabilities: 4,
        cases: 12,
        unrecorded: [],
      });
      const run = capkit(root, "--json", "--mutants");
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const result = JSON.parse(run.stdout);
      expect(result.checks.map((c: { name: string; ok: boolean }) => `${c.name}:${c.ok}`)).toEqual([
        "drift:true",
        "category-snapshot:true",
        "gate-parity:true",
        "behaviour:true",
      ]);
      expect(result.mutants).toMatchObject({ total: 16, killed: 16, survivors: [] });
      expect(JSON.parse(readFileSync(join(root, ".capkit/results/parity.json"), "utf8"))).toEqual(result);
    });

    it("exits 1 and names the capability when a category was edited; text output lists the problem (in process)", async () => {
      const root = copyMiniTarget();
      edit(root, `${CAPS}/macros.specs.ts`, 'category: "execute"', 'category: "write"');
      const io = captureIO(root, { env: {} });
      expect(await main(["parity"], io)).toBe(1);
      const stdout = io.out.join("");
      expect(stdout).toContain("FAIL category-snapshot");
      expect(stdout).toContain(
        '         - run_macro: category changed from "execute" (packages/agents/src/capabilities/categories.snapshot.json) to "write" (registry)',
      );
      expect(stdout).toMatch(/ok {3}gate-parity +9 cases/);
      expect(stdout).toMatch(/parity: FAILED\n$/);
    });

    it("usage and configuration errors exit 2 with a hint (in process)", async () => {
      const root = copyMiniTarget();
      const run = async (...args: string[]) => {
        const io = captureIO(root, { env: {} });
        const code = await main(["parity", ...args], io);
        return { code, stderr: io.err.join("") };
      };
      expect(await run(".", "--record", "--mutants")).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("exclusive"),
      });
      expect((await run("--bogus")).stderr).toContain("usage: capkit parity");
      expect(await run("nope")).toMatchObject({ code: 2, stderr: expect.stringContaining("root is not a directory") });
      expect(existsSync(join(root, "nope"))).toBe(false);
      writeFileSync(
        join(root, "capkit.config.json"),
        '{ "parity": { "context": { "module": "packages/agents/tests/missing.ts" } } }',
      );
      expect(await run(".")).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("context: module packages/agents/tests/missing.ts does not exist"),
      });
    });
  },
);
