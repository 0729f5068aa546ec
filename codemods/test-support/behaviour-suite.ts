/**
 * Test helper: runs a target's own vitest suite (packages/**\/tests) in a child process with
 * capkit's vitest, the target's workspace packages and capkit/runtime + zod resolved through
 * lib/workspace-modules.ts — so a migrated copy anywhere on disk runs its behaviour tests.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codeFile } from "../../lib/package-layout.js";
import { CAPKIT_ROOT } from "../../lib/workspace-aliases.js";

export function runBehaviourSuite(root: string): { ok: boolean; output: string } {
  const dir = join(root, ".capkit", "cache");
  mkdirSync(dir, { recursive: true });
  const config = join(dir, "vitest.behaviour.config.mjs");
  writeFileSync(
    config,
    `import { defineConfig } from ${JSON.stringify(join(CAPKIT_ROOT, "node_modules/vitest/dist/config.js"))};
import { targetAliases } from ${JSON.stringify(codeFile("lib/workspace-modules"))};
export default defineConfig({
  root: ${JSON.stringify(root)},
  resolve: { alias: targetAliases(${JSON.stringify(root)}) },
  test: { include: ["packages/**/tests/**/*.test.ts"], pool: "forks" },
});
`,
  );
  const run = spawnSync(
    process.execPath,
    [join(CAPKIT_ROOT, "node_modules/vitest/vitest.mjs"), "run", "--config", config],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}
