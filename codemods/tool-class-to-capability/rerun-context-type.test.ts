/**
 * A later migrate of a namespace whose module already exists, bringing a class with another
 * context type: the module's `CapabilityModule<Ctx>` takes both (as a single run over all the
 * classes writes it), and the new impl keeps its own `CapabilityRun<Ctx>`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runMigration } from "../runner/migrate.js";
import { inventoryFromPartial } from "../test-support/index.js";
import { CASES, MigrateProjects } from "../test-support/migrate-project.js";

const projects = new MigrateProjects("mixed-context-types");
afterEach(() => projects.cleanup());
afterAll(() => projects.cleanup(true));

interface PartialClass {
  readonly name: string;
  readonly file: string;
  readonly line: number;
}
const CLASSES = (
  JSON.parse(readFileSync(join(CASES, "mixed-context-types/inventory.json"), "utf8")) as { classes: PartialClass[] }
).classes;

/** The case's inventory narrowed to `names`, each at the line it now has in the tree. */
function inventoryOf(root: string, names: readonly string[]) {
  const classes = CLASSES.filter((c) => names.includes(c.name)).map((c) => {
    const lines = readFileSync(join(root, c.file), "utf8").split("\n");
    return { ...c, line: lines.findIndex((l) => l.includes(`class ${c.name} `)) + 1 };
  });
  return inventoryFromPartial({ classes }, root);
}

describe("a re-run that brings a new context type into an existing module", () => {
  it("widens the module's CapabilityModule<Ctx> and types the new impl by its own context", async () => {
    const root = projects.create();
    const first = await runMigration(
      projects.options(root, { inventory: inventoryOf(root, ["WhoAmITool", "PingTool"]) }),
    );
    expect(first.namespaces[0]?.converted).toEqual(["who_am_i", "ping"]);
    const module = join(root, "src/capabilities/flow.ts");
    expect(readFileSync(module, "utf8")).toContain("CapabilityModule<ProcessingContext> = {");

    const second = await runMigration(
      projects.options(root, { inventory: inventoryOf(root, ["ListStepsTool"]), allowDirty: true }),
    );
    expect(second.namespaces[0]?.converted).toEqual(["list_steps"]);
    const text = readFileSync(module, "utf8");
    expect(text).toContain("export const module: CapabilityModule<ProcessingContext & WorkflowContext> = {");
    expect(text).not.toContain("CapabilityModule<ProcessingContext> =");
    expect(text).toContain("impl: async (run: CapabilityRun<WorkflowContext>, args) => {");
    expect(text).toMatch(/^import type \{ CapabilityModule, CapabilityRun \} from "capkit\/runtime";$/m);
    expect(text).toMatch(/^import type \{ ProcessingContext, WorkflowContext \} from "\.\.\/context\.js";$/m);
  });
});
