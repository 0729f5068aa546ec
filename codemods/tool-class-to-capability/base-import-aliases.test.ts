/**
 * The registry's base and the module's imports on fixtures/paths-alias-pnpm when the generated
 * files sit where the tsconfig alias does not hold (a package with its own tsconfig and no paths),
 * and with codemods.toolModule configured: the base is imported through the file it is, never
 * through a bare specifier joined as if relative or an alias that does not resolve there.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCapkit } from "../../bin/test-support/run-capkit.js";
import { CAPKIT_ROOT } from "../../lib/workspace-aliases.js";
import { tempProject } from "../test-support/temp-project.js";

const FIXTURE = join(CAPKIT_ROOT, "fixtures", "paths-alias-pnpm");
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function config(codemods: Record<string, unknown>): string {
  return JSON.stringify({
    base: { names: ["Tool"], module: "packages/core/src/tool.ts" },
    classify: { preset: "none" },
    codemods,
  });
}

async function dryRun(extra: Record<string, string>): Promise<string> {
  const root = tempProject(FIXTURE, extra);
  roots.push(root);
  const run = await runCapkit(["migrate", root, "--all", "--dry-run"]);
  expect(run.code).toBe(0);
  return run.stdout;
}

const section = (diff: string, file: string) => diff.split(`+++ b/${file}`)[1]?.split("\n--- ")[0] ?? "";

describe("migrate's base import on a tsconfig-paths monorepo", () => {
  it("imports through the resolved file where the alias's tsconfig does not apply", async () => {
    const out = await dryRun({
      "capkit.config.json": config({ capabilitiesDir: "packages/app/src/capabilities" }),
      "packages/app/tsconfig.json": '{ "compilerOptions": { "strict": true } }\n',
    });
    const registry = section(out, "packages/app/src/capabilities/registry.ts");
    expect(registry).toContain('+import { AgentTool } from "../../../core/src/agent.js";');
    const module = section(out, "packages/app/src/capabilities/notes.ts");
    expect(module).toContain('+import type { Context } from "../../../core/src/tool.js";');
    expect(module.match(/Context \}/g)).toHaveLength(1);
    // Only the deleted source lines still name the alias.
    expect(out).not.toMatch(/^\+.*"@core\//m);
  });

  it("honours codemods.toolModule: the registry binds the base declared there", async () => {
    const out = await dryRun({
      "capkit.config.json": config({
        capabilitiesDir: "packages/tools/src/capabilities",
        toolModule: "packages/core/src/tool.ts",
      }),
    });
    const registry = section(out, "packages/tools/src/capabilities/registry.ts");
    expect(registry).toContain('+import { Tool } from "../../../core/src/tool.js";');
    expect(registry).toContain("bindToolAdapters<Tool>");
  });
});
