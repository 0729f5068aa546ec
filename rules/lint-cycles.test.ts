/**
 * `capkit lint` and import cycles outside seams: async ones always fail, synchronous ones only
 * with `--cycles`, which also lists every cycle and can be baselined like any violation; and
 * `capkit smoke` sees the async one deadlock a bundle.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../bin/capkit.js";
import { captureIO } from "../bin/test-support/cli-io.js";
import { FIXTURES } from "./test-support/rule-tester.js";

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "capkit-lint-cycles-"));
  cpSync(join(FIXTURES, "cycle-slice"), root, { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function lint(...args: string[]): Promise<{ code: number; rules: string[]; json: Record<string, unknown> }> {
  const io = captureIO(root);
  const code = await main(["lint", ".", "--json", ...args], io);
  const json = JSON.parse(io.out.join("")) as {
    violations: { rule: string; file: string; message: string }[];
  } & Record<string, unknown>;
  return {
    code,
    rules: json.violations.map((v) => `${v.rule} ${v.file} ${v.message.slice(0, v.message.indexOf(";"))}`),
    json,
  };
}

describe("capkit lint and cycles outside seams", () => {
  it("fails on the async cycle by default and leaves synchronous ones alone", async () => {
    const { code, rules, json } = await lint();
    expect(code).toBe(1);
    expect(rules.filter((r) => r.startsWith("no-async-cycle"))).toEqual([
      "no-async-cycle src/store/cache.ts import cycle (2 files): src/store/cache.ts → src/store/repo.ts → src/store/cache.ts",
    ]);
    expect(json).toMatchObject({ importCycles: 6, asyncImportCycles: 1 });
    expect(json["allCycles"]).toBeUndefined();
  });

  it("--cycles reports the synchronous ones too and lists every cycle, the seam's included", async () => {
    const { rules, json } = await lint("--cycles");
    expect(rules.filter((r) => r.startsWith("no-async-cycle")).length).toBe(5);
    const all = json["allCycles"] as { files: string[] }[];
    expect(all.map((c) => c.files[0])).toEqual([
      "src/capabilities/index.ts",
      "src/core/atom.ts",
      "src/core/autorun.ts",
      "src/core/internal.ts",
      "src/core/internal.ts",
      "src/store/cache.ts",
    ]);
    const io = captureIO(root);
    await main(["lint", ".", "--cycles"], io);
    expect(io.out.join("")).toContain(
      "cycle [async: src/store/db.ts:6]: src/store/cache.ts → src/store/repo.ts → src/store/cache.ts\n",
    );
    expect(io.out.join("")).toContain("6 import cycles in all (1 async)");
  });

  it("capkit smoke agrees on the async cycle outside any seam: the bundle deadlocks, plain Node serves", async () => {
    const tree = join(FIXTURES, "cycle-slice");
    const io = captureIO(tree);
    expect(await main(["smoke", "src/main.ts", "--root", ".", "--timeout", "20", "--json"], io)).toBe(1);
    const result = JSON.parse(io.out.join(""));
    expect(result.bundled).toMatchObject({ status: "deadlock", exitCode: 13 });
    expect(result.unbundled.status).toBe("ok");
    expect(result.cycles).toEqual([
      { seam: null, files: ["src/store/cache.ts", "src/store/repo.ts"], async: { file: "src/store/db.ts", line: 6 } },
    ]);
  });

  it("--cycles --update-baseline freezes the list; only a new cycle fails", async () => {
    expect(await main(["lint", ".", "--cycles", "--update-baseline"], captureIO(root))).toBe(0);
    expect((await lint("--cycles")).code).toBe(0);
    writeFileSync(
      join(root, "src/core/spy.ts"),
      'import { globalState } from "./internal.js";\nexport const spy = () => globalState.version;\n',
    );
    writeFileSync(join(root, "src/core/internal.ts"), 'export * from "./spy.js";\n', { flag: "a" });
    const { code, rules } = await lint("--cycles");
    expect(code).toBe(1);
    expect(rules).toEqual([
      "no-async-cycle src/core/internal.ts import cycle (2 files): src/core/internal.ts → src/core/spy.ts → src/core/internal.ts",
    ]);
  });
});
