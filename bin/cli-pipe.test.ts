import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliArgs } from "./test-support/cli.js";

const root = mkdtempSync(join(tmpdir(), "capkit-pipe-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the capkit executable", () => {
  it("stops quietly, with the command's exit code, when the reader closes the pipe early (`| head`)", async () => {
    // Enough classes for a JSON document several times a pipe's 64 KB buffer.
    const tools = join(root, "packages/agents/src/tools");
    mkdirSync(tools, { recursive: true });
    writeFileSync(join(tools, "base-tool.ts"), "export abstract class Tool {\n  abstract readonly name: string;\n}\n");
    const classes = Array.from(
      { length: 400 },
      (_, i) => `export class Pipe${i}Tool extends Tool {\n  readonly name = "pipe_${i}";\n}\n`,
    );
    writeFileSync(join(tools, "pipe-tools.ts"), `import { Tool } from "./base-tool.js";\n${classes.join("")}`);
    const child = spawn(process.execPath, cliArgs("inventory", root, "--json"), { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    // Read one chunk, then close our end, as `head -c` does.
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  }, 60_000);
});
