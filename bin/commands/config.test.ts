import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../../lib/config/index.js";
import { captureIO } from "../test-support/cli-io.js";
import { main } from "../capkit.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempRoot = () => {
  const root = mkdtempSync(join(tmpdir(), "capkit-config-"));
  dirs.push(root);
  return root;
};

describe("capkit config", () => {
  it("prints the file's fields with every default filled in", async () => {
    const root = tempRoot();
    writeFileSync(join(root, "capkit.config.json"), JSON.stringify({ base: { names: ["BaseTool"] } }));
    const io = captureIO(root);
    expect(await main(["config"], io)).toBe(0);
    const printed = JSON.parse(io.out.join(""));
    expect(printed.base.names).toEqual(["BaseTool"]);
    expect(printed.classify.beltBuilders).toEqual(defaultConfig().classify.beltBuilders);
    expect(io.err.join("")).toContain("capkit.config.json, defaults filled in");
  });

  it("--defaults prints the built-in defaults, whatever the file says", async () => {
    const root = tempRoot();
    writeFileSync(join(root, "capkit.config.json"), JSON.stringify({ base: { names: ["BaseTool"] } }));
    const io = captureIO(root);
    expect(await main(["config", "--defaults"], io)).toBe(0);
    expect(JSON.parse(io.out.join(""))).toEqual(JSON.parse(JSON.stringify(defaultConfig())));
  });

  it("an invalid field is an exit-2 error whose hint is a command that works from an installed package", async () => {
    const root = tempRoot();
    writeFileSync(join(root, "capkit.config.json"), JSON.stringify({ scan: { include: 5 } }));
    const io = captureIO(root);
    expect(await main(["inventory", root], io)).toBe(2);
    const err = io.err.join("");
    expect(err).toContain("scan.include");
    expect(err).toContain('"capkit config --defaults" prints every field and its default');
    expect(err).not.toContain("lib/config/");
  });
});
