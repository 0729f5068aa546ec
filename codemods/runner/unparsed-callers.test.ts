/**
 * A file with a syntax error cannot have its imports and call sites rewritten: migrate refuses a
 * namespace whose classes it names (before, it deleted the class file and left the broken file
 * importing it, exit 0), and goes on with a namespace it does not name.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { EnvironmentError } from "../../lib/errors.js";
import { runMigration } from "./migrate.js";
import { inventoryFromPartial } from "../test-support/index.js";
import { CASES, MigrateProjects } from "../test-support/migrate-project.js";
import { snapshotTree } from "../test-support/temp-project.js";

const projects = new MigrateProjects("rerun-adds-never-clobbers");
afterEach(() => projects.cleanup());
afterAll(() => projects.cleanup(true));

const BROKEN = `import { CancelJobTool } from "./tools/more-tools.js";\nexport const belt = [new CancelJobTool(;\n`;

function brokenTree(): { root: string; inventory: ReturnType<typeof inventoryFromPartial> } {
  const root = projects.create();
  writeFileSync(join(root, "src/belt.ts"), BROKEN);
  const partial = JSON.parse(readFileSync(join(CASES, "rerun-adds-never-clobbers/inventory.json"), "utf8")) as object;
  const problems = [{ file: "src/belt.ts", line: 2, column: 41, message: "Expression expected." }];
  return { root, inventory: inventoryFromPartial({ ...partial, problems, incomplete: true }, root) };
}

describe("migrate and a file that does not parse", () => {
  it("refuses a namespace whose class the broken file names, naming the file, its error and the class; writes nothing", async () => {
    const { root, inventory } = brokenTree();
    const before = snapshotTree(root);
    const error = await runMigration(
      projects.options(root, { inventory, namespaces: ["jobs"], allowDirty: true }),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EnvironmentError);
    const message = (error as Error).message;
    expect(message).toContain("src/belt.ts:2:41 (Expression expected.) names CancelJobTool");
    expect(message).toContain("nothing was written");
    expect((error as EnvironmentError).details.hint).toContain("fix the syntax error");
    expect(snapshotTree(root)).toEqual(before);
  });

  it("goes on with a namespace the broken file does not name", async () => {
    const { root, inventory } = brokenTree();
    const result = await runMigration(projects.options(root, { inventory, namespaces: ["email"], allowDirty: true }));
    expect(result.applied).toBe(true);
    expect(result.namespaces.map((n) => n.converted)).toEqual([["send_email"]]);
    expect(readFileSync(join(root, "src/belt.ts"), "utf8")).toBe(BROKEN);
  });
});
