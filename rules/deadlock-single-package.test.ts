/**
 * Issue 16's done-when: the esbuild deadlock of `__fixtures__/esbuild-deadlock/` laid out as ONE package (`src/tools`,
 * `src/capabilities`) with no capkit config fails `capkit lint` — the reverse import and the
 * async cycle with its await — and `capkit smoke` agrees: the bundle deadlocks (exit 13) while
 * plain Node serves.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../bin/capkit.js";
import { captureIO } from "../bin/test-support/cli-io.js";
import { FIXTURES } from "./test-support/rule-tester.js";

const TREE = join(FIXTURES, "esbuild-deadlock-single");
const CYCLE = "src/tools/tool-permissions.ts → src/capabilities/adapters.ts → src/tools/tool-permissions.ts";

describe("the esbuild deadlock in a single package with no capkit config", () => {
  it("has no config: the default seam must fit on its own", () => {
    expect(existsSync(join(TREE, "capkit.config.json"))).toBe(false);
  });

  it("capkit lint fails naming the reverse import and the async cycle with its await", async () => {
    const io = captureIO(TREE);
    const code = await main(["lint", ".", "--json"], io);
    const json = JSON.parse(io.out.join(""));
    expect(code).toBe(1);
    expect(io.err.join("")).toBe("");
    expect(
      json.violations.map(({ rule, file, line }: { rule: string; file: string; line: number }) => ({
        rule,
        file,
        line,
      })),
    ).toEqual([
      { rule: "no-reverse-seam-import", file: "src/tools/tool-permissions.ts", line: 4 },
      { rule: "no-seam-cycle", file: "src/tools/tool-permissions.ts", line: 4 },
    ]);
    expect(json.violations[0].message).toContain("'../capabilities/adapters.js' imports src/capabilities/adapters.ts");
    expect(json.violations[1].message).toContain(
      `async import cycle across the tools-capabilities seam (2 files): ${CYCLE}`,
    );
    expect(json.violations[1].message).toContain("top-level await in src/tools/settings.ts:2");
    expect(json).toMatchObject({ cycles: 1, asyncCycles: 1, importCycles: 1, asyncImportCycles: 1 });
  });

  it("capkit smoke agrees: the bundle deadlocks (exit 13), plain Node serves, the same cycle is named", async () => {
    const io = captureIO(TREE);
    const code = await main(["smoke", "src/server.ts", "--root", ".", "--timeout", "20", "--json"], io);
    const result = JSON.parse(io.out.join(""));
    expect(code).toBe(1);
    expect(result.bundled).toMatchObject({ status: "deadlock", exitCode: 13 });
    expect(result.unbundled.status).toBe("ok");
    expect(result.unbundled.stdout).toContain("ready: list_workflows:read, run_job:execute");
    expect(result.cycles).toEqual([
      {
        seam: "tools-capabilities",
        files: ["src/tools/tool-permissions.ts", "src/capabilities/adapters.ts"],
        async: { file: "src/tools/settings.ts", line: 2 },
      },
    ]);
  });

  it("smoke without --root, in a copy outside any repository, names the cycle by the paths lint uses", async () => {
    const copy = mkdtempSync(join(tmpdir(), "capkit-deadlock-single-"));
    try {
      cpSync(TREE, copy, { recursive: true });
      const io = captureIO(copy);
      const code = await main(["smoke", "src/server.ts", "--timeout", "20", "--json"], io);
      const result = JSON.parse(io.out.join(""));
      expect(code).toBe(1);
      expect(result.bundled.status).toBe("deadlock");
      expect(result.cycles.map((c: { files: string[] }) => c.files)).toEqual([
        ["src/tools/tool-permissions.ts", "src/capabilities/adapters.ts"],
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
