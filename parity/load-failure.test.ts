/**
 * A target module that cannot be loaded (a file it imports is missing or unreadable) is said as
 * such, naming the module and the reason: before, `capkit parity` printed "internal error —
 * please report it" with the loader's trace.
 */
import { renameSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EnvironmentError } from "../lib/errors.js";
import { runParity } from "./engine.js";
import { CAPS, cleanupCopies, copyMiniTarget, vitestImporter } from "./test-support/mini-target.js";

afterAll(cleanupCopies);

describe("parity on a target whose modules do not load", () => {
  it("names the registry it could not load and why, as an error of the tree (exit 2), not an internal one", async () => {
    const root = copyMiniTarget();
    // What an unreadable tools/ folder does to the registry's import of ../tools/base-tool.js.
    renameSync(join(root, "packages/agents/src/tools"), join(root, "packages/agents/src/tools-gone"));
    const error = await runParity(root, { importer: vitestImporter }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EnvironmentError);
    const text = (error as EnvironmentError).format();
    expect(text).toContain(`cannot load ${CAPS}/registry.ts (the migrated registry)`);
    expect(text).toContain("base-tool");
    expect(text).toContain("fix what the error names");
    expect((error as EnvironmentError).exitCode).toBe(2);
  });
});
