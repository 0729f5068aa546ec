import { cpSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { scanInventory } from "../scan/scan-inventory.js";
import { computeHistory } from "./index.js";
import { git, makeRepo } from "../test-support/git-repo.js";

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "paths-alias-pnpm");
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("history on a repo that imports through tsconfig paths", () => {
  it("counts the last commit as a scan of the same tree does (a subclass reached only through an alias barrel included)", async () => {
    const repo = makeRepo("capkit-history-aliases-");
    made.push(repo);
    cpSync(FIXTURE, repo, { recursive: true });
    git(repo, ["add", "-A"]);
    git(repo, ["commit", "-q", "-m", "pre-migration tree"]);
    const scan = await scanInventory(repo, { cache: false });
    const history = await computeHistory(repo, { commits: 5 });
    const last = history.commits.at(-1);
    expect(scan.classes.length).toBe(3);
    expect(last?.counters).toEqual(scan.counters);
  });
});
