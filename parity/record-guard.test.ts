import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EnvironmentError } from "../lib/errors.js";
import { recordParityAt } from "./engine.js";
import { cleanupCopies, copyMiniTarget, vitestImporter } from "./test-support/mini-target.js";

afterAll(cleanupCopies);
const RECORDING = ".capkit/parity-recording.json";

describe("parity --record after migration started", () => {
  it("refuses to replace a committed recording with a different one, unless forced", async () => {
    const root = copyMiniTarget(); // its registry already serves the recorded tools
    const committed = readFileSync(join(root, RECORDING), "utf8").replace('"add_note"', '"add_note"   ');
    writeFileSync(join(root, RECORDING), committed); // same data, other bytes: a re-record would change the file
    const error = await recordParityAt(root, { importer: vitestImporter }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EnvironmentError);
    expect((error as EnvironmentError).format()).toMatch(
      /refusing to overwrite \.capkit\/parity-recording\.json: 4 of the recorded tools are already capabilities/,
    );
    expect((error as EnvironmentError).format()).toContain("--force");
    expect(readFileSync(join(root, RECORDING), "utf8")).toBe(committed);
    const forced = await recordParityAt(root, { importer: vitestImporter, force: true });
    expect(readFileSync(forced.file, "utf8")).not.toBe(committed);
    // --force loses nothing: the replaced recording is kept, local and git-ignored.
    expect(forced.replaced).toBe(join(root, ".capkit/results/parity-recording.replaced.json"));
    expect(readFileSync(forced.replaced ?? "", "utf8")).toBe(committed);
    const again = await recordParityAt(root, { importer: vitestImporter, force: true });
    expect(again.replaced).toBeNull(); // the same recording again replaces nothing
  });
});
