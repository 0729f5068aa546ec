import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyCase } from "../../inventory/test-support/fixtures.js";
import { captureIO } from "../test-support/cli-io.js";
import { main } from "../capkit.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("capkit lint and a broken tsconfig", () => {
  it("a tsconfig whose paths cannot be read makes the lint incomplete, naming the file, instead of 'no violations'", async () => {
    const clean = copyCase("classification");
    dirs.push(clean);
    expect(await main(["lint", clean], captureIO(clean))).toBe(0);
    // Another copy: the lint's graph cache (per process, per root) would answer the first one.
    const root = copyCase("classification");
    dirs.push(root);
    writeFileSync(join(root, "tsconfig.json"), '{ "compilerOptions": { "paths": { "@core/*": [ }');
    const io = captureIO(root);
    expect(await main(["lint", root], io)).toBe(1);
    const out = io.out.join("");
    expect(out).toMatch(/^ {2}tsconfig\.json {2}\S/m);
    expect(out).toContain("capkit lint: incomplete");
    expect(out).toContain("hint: fix each file as its line says");
    const json = captureIO(root);
    expect(await main(["lint", root, "--json"], json)).toBe(1);
    expect(JSON.parse(json.out.join("")).unreadable.map((u: { file: string }) => u.file)).toEqual(["tsconfig.json"]);
  });
});
