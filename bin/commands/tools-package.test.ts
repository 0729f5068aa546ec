/**
 * A project whose Tool classes live in a package named `tools`: what migrate writes there must
 * pass the default seam, since that package's own folder matches its tools side; its proposed
 * categories read as in the inventory; and a Ctrl-C stops migrate cleanly.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { PROPOSED_CATEGORY_MEANING } from "../../lib/wording.js";
import { main } from "../capkit.js";
import { captureIO } from "../test-support/cli-io.js";
import { toolsPackageRepo } from "../test-support/tools-package-repo.js";

const SIGNAL_CHILD = fileURLToPath(new URL("../test-support/signal-child.ts", import.meta.url));
const WHERE = { codemods: { capabilitiesDir: "packages/tools/src/capabilities" } };
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("a package named tools", () => {
  it("migrate's re-export of the registry from the package entry is lint-clean under the default seam", async () => {
    const root = toolsPackageRepo(WHERE);
    dirs.push(root);
    const io = captureIO(root);
    expect(await main(["migrate", "--all"], io), io.err.join("")).toBe(0);
    expect(readFileSync(join(root, "packages/tools/src/index.ts"), "utf8")).toContain("./capabilities/registry.js");
    const config = JSON.parse(readFileSync(join(root, "capkit.config.json"), "utf8")) as {
      seam?: { exceptions?: { from: string; reason: string }[] };
    };
    expect(config.seam?.exceptions?.map((e) => e.from)).toContain("packages/tools/src/index.ts");
    const lint = captureIO(root);
    expect(await main(["lint"], lint), lint.out.join("") + lint.err.join("")).toBe(0);
  });

  it("migrate's category warning writes a proposed category as the inventory's table does", async () => {
    const root = toolsPackageRepo(WHERE);
    dirs.push(root);
    const inventory = captureIO(root);
    expect(await main(["inventory"], inventory)).toBe(0);
    const table = inventory.out.join("");
    expect(table).toMatch(/get_events\s*│[^│]*│\s*read\?/);
    expect(table).toContain(`? ${PROPOSED_CATEGORY_MEANING}`);
    const migrate = captureIO(root);
    expect(await main(["migrate", "--all"], migrate), migrate.err.join("")).toBe(0);
    expect(migrate.out.join("")).toContain(
      `get_events is not in the categories map: category "external" was written explicitly (the inventory shows read?: ${PROPOSED_CATEGORY_MEANING})`,
    );
  });
});

describe("capkit migrate and the default capabilitiesDir", () => {
  it("is refused, naming a folder next to the classes, when NodeTool's packages/agents does not exist", async () => {
    const root = toolsPackageRepo();
    dirs.push(root);
    const io = captureIO(root);
    expect(await main(["migrate", "--all"], io)).toBe(2);
    expect(io.err.join("")).toContain("codemods.capabilitiesDir is not set");
    expect(io.err.join("")).toContain('"capabilitiesDir": "packages/tools/src/capabilities"');
    expect(existsSync(join(root, "packages/agents"))).toBe(false);
    expect(execFileSync("git", ["-C", root, "status", "--porcelain"], { encoding: "utf8" })).toBe("");
  });
});

describe("capkit migrate and Ctrl-C", () => {
  it("a real SIGINT while the run is on: stops before writing, releases its lock, says so, exits 130", async () => {
    const root = toolsPackageRepo(WHERE);
    dirs.push(root);
    const child = spawn(process.execPath, ["--import", "tsx", SIGNAL_CHILD, "migrate", root, "--all"], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, CI: "" },
    });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    await new Promise<void>((resolve) =>
      child.stdout.on("data", (d: Buffer) => d.toString().includes("listening") && resolve()),
    );
    child.kill("SIGINT");
    child.stdin.end("go\n");
    expect(await exited, err).toBe(130);
    expect(err).toContain("capkit migrate: SIGINT: finishing the step in progress, then stopping");
    expect(err).toContain("stopped on SIGINT; the lock is released");
    expect(err).toContain("nothing was changed");
    expect(err).toContain("to go on: capkit migrate --namespace calendars");
    expect(existsSync(join(root, ".capkit/migrate.lock"))).toBe(false);
    expect(execFileSync("git", ["-C", root, "status", "--porcelain"], { encoding: "utf8" })).toBe("");
  });
});
