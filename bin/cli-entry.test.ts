import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "./capkit.js";
import { captureIO } from "./test-support/cli-io.js";

const VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8")) as { version: string }
).version;

describe("capkit's entry, before any command runs", () => {
  it.each(["--version", "-V", "version"])("%s prints the package version and exits 0", async (flag) => {
    const io = captureIO(process.cwd());
    expect(await main([flag], io)).toBe(0);
    expect(io.out.join("")).toBe(`${VERSION}\n`);
  });

  it("a mistyped command exits 2 and names the command it resembles, then every command", async () => {
    const io = captureIO(process.cwd());
    expect(await main(["inventroy"], io)).toBe(2);
    expect(io.err.join("")).toContain('unknown command "inventroy"');
    expect(io.err.join("")).toContain('did you mean "inventory"? one of inventory, migrate');
  });

  it("an unknown command that resembles none lists the commands without a guess", async () => {
    const io = captureIO(process.cwd());
    expect(await main(["deploy"], io)).toBe(2);
    expect(io.err.join("")).not.toContain("did you mean");
  });

  it("a mistyped flag exits 2 naming the flag, the one it resembles and the usage", async () => {
    const io = captureIO(process.cwd());
    expect(await main(["inventory", "--jsn"], io)).toBe(2);
    const err = io.err.join("");
    expect(err).toContain("capkit inventory: unknown flag --jsn");
    expect(err).toContain('did you mean "--json"? usage: capkit inventory');
    expect(err).not.toContain("positional");
  });
});

describe("capkit <command> --help", () => {
  const commands = ["inventory", "migrate", "lint", "smoke", "parity", "dashboard", "demo", "config"];

  it.each(commands)("%s --help explains every flag its usage lists, and the exit codes", async (name) => {
    const io = captureIO(process.cwd());
    expect(await main([name, "--help"], io)).toBe(0);
    const help = io.out.join("");
    const usage = /^usage: (.*(?:\n {7}.*)*)/m.exec(help)?.[1] ?? "";
    const flags = new Set(usage.match(/--[a-z-]+/g));
    expect(flags.size).toBeGreaterThan(0);
    const explained = help.slice(help.indexOf("\nflags:\n"));
    for (const flag of flags) expect(explained, flag).toMatch(new RegExp(`^  ${flag}\\b.* {2,}\\S`, "m"));
    expect(help).toMatch(/^exit: 0/m);
  });
});
