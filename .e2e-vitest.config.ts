import { defineConfig } from "vitest/config";
import { targetAliases } from "/work/main/lib/workspace-aliases.ts";
const root = process.env.TARGET_ROOT ?? "/tmp/e2e";
export default defineConfig({
  root,
  resolve: { alias: targetAliases(root) },
  test: { include: ["packages/**/tests/**/*.test.ts"], pool: "forks" },
});
