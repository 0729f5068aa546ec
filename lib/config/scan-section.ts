/** `scan`: which files the inventory reads (fast-glob patterns, relative to the scanned root). */
import type { ZodApi } from "./zod.js";
import { NEVER_SCANNED_GLOBS } from "../never-scanned.js";

export const DEFAULT_INCLUDE = ["packages/**/*.{ts,tsx,mts,cts}"];
export const DEFAULT_EXCLUDE = [
  ...NEVER_SCANNED_GLOBS,
  "**/tests/**",
  "**/test/**",
  "**/__tests__/**",
  "**/*.test.*",
  "**/*.spec.*",
  "**/*.d.ts",
];

export const scanSection = (z: ZodApi) =>
  z.strictObject({
    /** Globs to scan. Absent from the file: the source under the workspace folders the root declares (lib/workspace-globs.ts), packages/** when that is all. */
    include: z.array(z.string().min(1)).min(1).default(DEFAULT_INCLUDE),
    /** Globs never scanned: build output, test folders, test files, declaration files. */
    exclude: z.array(z.string().min(1)).default(DEFAULT_EXCLUDE),
  });
