/**
 * Every command that reports on a tree refuses one an interrupted `capkit migrate` left
 * half-applied (its journal is there), exiting non-zero with the command that fixes it.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyCase } from "../../inventory/test-support/fixtures.js";
import { captureIO } from "../test-support/cli-io.js";
import { main } from "../capkit.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function treeWithJournal(): string {
  const root = copyCase("classification");
  dirs.push(root);
  const dir = join(root, ".capkit/migrate-journal");
  mkdirSync(dir, { recursive: true });
  const journal = {
    version: 2,
    pid: 999_999_999,
    startedAt: "2026-12-01T10:00:00.000Z",
    entries: [
      {
        path: "packages/agents/src/capabilities/email.ts",
        existed: false,
        backup: null,
        tmp: null,
        before: null,
        after: "0",
      },
    ],
    createdDirs: [],
  };
  writeFileSync(join(dir, "journal.json"), JSON.stringify(journal));
  return root;
}

describe("a half-applied tree (a migrate journal left behind)", () => {
  it.each([
    ["inventory", []],
    ["inventory", ["--check"]],
    ["inventory", ["--json"]],
    ["lint", []],
    ["parity", []],
    ["dashboard", []],
    ["migrate", ["--all", "--dry-run"]],
  ])("capkit %s %j exits non-zero naming capkit migrate --rollback-journal", async (command, flags) => {
    const root = treeWithJournal();
    const io = captureIO(root);
    const code = await main([command, root, ...flags], io);
    expect(code).toBe(2);
    const err = io.err.join("");
    expect(err).toContain("interrupted capkit migrate (pid 999999999, started 2026-12-01T10:00:00.000Z)");
    expect(err).toContain("capkit migrate --rollback-journal");
    expect(err).toContain("capkit migrate --discard-journal");
    expect(io.out.join("")).toBe("");
  });

  it.each([["inventory"], ["inventory --check"]])(
    "capkit %s --reporter github also says why as an ::error annotation (the step fails)",
    async (command) => {
      const root = treeWithJournal();
      const io = captureIO(root);
      const [cmd = "", ...flags] = command.split(" ");
      expect(await main([cmd, root, ...flags, "--reporter", "github"], io)).toBe(2);
      expect(io.out.join("")).toMatch(
        /^::error (file=[^,]+,)?title=capkit inventory::.*interrupted capkit migrate \(pid 999999999.*%0A.*capkit migrate --rollback-journal/m,
      );
    },
  );

  it("capkit migrate --discard-journal clears it, and inventory runs again", async () => {
    const root = treeWithJournal();
    const io = captureIO(root);
    expect(await main(["migrate", root, "--discard-journal"], io)).toBe(0);
    expect(io.out.join("")).toContain("discarded the journal of the interrupted capkit migrate (pid 999999999");
    expect(await main(["inventory", root, "--json"], captureIO(root))).toBe(0);
  });

  it("a migrate that rolls a clean journal back first announces it once (on stderr), not again on stdout", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const dir = join(root, ".capkit/migrate-journal");
    mkdirSync(dir, { recursive: true });
    // The interrupted run was killed before it created the one file it meant to: nothing differs.
    const entry = { path: "never-written.ts", existed: false, backup: null, tmp: null, before: null, after: null };
    const journal = {
      version: 2,
      pid: 999_999_999,
      startedAt: "2026-12-01T10:00:00.000Z",
      entries: [entry],
      createdDirs: [],
    };
    writeFileSync(join(dir, "journal.json"), JSON.stringify(journal));
    const io = captureIO(root);
    await main(["migrate", root, "--all", "--no-git"], io);
    const everything = io.err.join("") + io.out.join("");
    expect(io.err.join("")).toContain("rolled back an interrupted capkit migrate (pid 999999999");
    expect(everything.match(/rolled back an interrupted/g)).toHaveLength(1);
  });
});
