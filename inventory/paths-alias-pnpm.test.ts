/**
 * fixtures/paths-alias-pnpm: imports through tsconfig `paths` aliases (tsconfig.base.json, reached
 * through extends) and through the workspace package name. The inventory's module graph, migrate
 * and the lint resolve them by one home (lib/import-aliases.ts): the class behind a renaming barrel
 * only the alias reaches is found, the registry imports the base by a specifier that holds there,
 * and the module imports a context reached two ways once.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCapkit } from "../bin/test-support/run-capkit.js";
import { tempProject } from "../codemods/test-support/temp-project.js";
import { CAPKIT_ROOT } from "../lib/workspace-aliases.js";
import { createResolver } from "../rules/graph/resolve-import.js";
import { scanInventory } from "./scan/scan-inventory.js";
import type { InventoryResult } from "./types.js";

const ROOT = join(CAPKIT_ROOT, "fixtures", "paths-alias-pnpm");

let result: InventoryResult;
beforeAll(async () => {
  result = await scanInventory(ROOT, { cache: false });
});

describe("fixtures/paths-alias-pnpm", () => {
  it("finds every class, the one behind the alias-only renaming barrel too, each resolved to the scanned base", () => {
    expect(result.problems).toEqual([]);
    expect(result.classes.map((c) => c.name).sort()).toEqual(["ListNotesTool", "SaveNoteTool", "SearchNotesTool"]);
    for (const c of result.classes) {
      expect(c.evidence.join("\n")).toContain("resolved to Tool declared at packages/core/src/tool.ts:6");
      expect(c.evidence.join("\n")).not.toContain("not in the scanned tree");
    }
  });

  it("migrate --dry-run imports the base by a specifier that resolves from the registry, and Context once", async () => {
    const run = await runCapkit(["migrate", ROOT, "--all", "--dry-run"]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("../tools/@core");
    expect(run.stdout).toContain('+import { AgentTool } from "@core/agent.js";');
    const moduleFile = run.stdout.split("+++ b/packages/tools/src/capabilities/notes.ts")[1]?.split("--- ")[0] ?? "";
    expect(moduleFile.match(/import type \{ Context \}/g)).toHaveLength(1);
    expect(moduleFile).toContain("CapabilityModule<Context> =");
    expect(moduleFile).not.toContain("Context2");
  });

  it("reports a broken tsconfig naming the file, and still scans", async () => {
    const root = tempProject(ROOT);
    try {
      writeFileSync(join(root, "tsconfig.base.json"), '{ "compilerOptions": { "paths": ');
      const broken = await scanInventory(root, { cache: false });
      expect(broken.problems).toEqual([
        expect.objectContaining({
          file: "tsconfig.base.json",
          message: expect.stringContaining("not readable as JSON"),
        }),
      ]);
      expect(broken.incomplete).toBe(true);
      expect(broken.classes.map((c) => c.name)).toContain("SaveNoteTool");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("the lint's resolver reads the same aliases", () => {
    const r = createResolver(ROOT);
    const from = join(ROOT, "packages/tools/src/tools/notes-search-tool.ts");
    expect(r.resolve(from, "@core/tool.js")).toBe(join(ROOT, "packages/core/src/tool.ts"));
    expect(r.resolve(from, "@tools/capabilities/registry.js")).toBeNull();
    expect(r.guess(from, "@tools/capabilities/registry.js")).toBe(
      join(ROOT, "packages/tools/src/capabilities/registry.ts"),
    );
    expect(r.resolve(from, "@acme/core")).toBe(join(ROOT, "packages/core/src/index.ts"));
    expect(r.problems).toEqual([]);
  });
});
