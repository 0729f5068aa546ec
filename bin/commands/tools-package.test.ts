/**
 * A project whose Tool classes live in a package named `tools`: what migrate writes there must
 * pass the default seam, since that package's own folder matches its tools side.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PROPOSED_CATEGORY_MEANING } from "../../lib/wording.js";
import { main } from "../capkit.js";
import { captureIO } from "../test-support/cli-io.js";
import { toolsPackageRepo } from "../test-support/tools-package-repo.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("a package named tools", () => {
  it("migrate's re-export of the registry from the package entry is lint-clean under the default seam", async () => {
    const root = toolsPackageRepo({ codemods: { capabilitiesDir: "packages/tools/src/capabilities" } });
    dirs.push(root);
    const io = captureIO(root);
    expect(await main(["migrate", "--all"], io), io.err.join("")).toBe(0);
    expect(readFileSync(join(root, "packages/tools/src/index.ts"), "utf8")).toContain("./capabilities/registry.js");
    const config = JSON.parse(readFileSync(join(root, "capkit.config.json"), "utf8")) as {
      seam?: { exceptions?: { from: string; reason: string }[] };
    };
    expect(config.seam?.exceptions?.map((e) => e.from)).toContain("packages/tools/src/index.ts");
    const lint = captureIO(root);
    expect(await main(["lint"], lint), lint.out.join("") + lint.err.join("")).toBe(0);
  });

  it("migrate's category warning writes a proposed category as the inventory's table does", async () => {
    const root = toolsPackageRepo();
    dirs.push(root);
    const inventory = captureIO(root);
    expect(await main(["inventory"], inventory)).toBe(0);
    const table = inventory.out.join("");
    expect(table).toMatch(/get_events\s*│[^│]*│\s*read\?/);
    expect(table).toContain(`? ${PROPOSED_CATEGORY_MEANING}`);
    const migrate = captureIO(root);
    expect(await main(["migrate", "--all"], migrate), migrate.err.join("")).toBe(0);
    expect(migrate.out.join("")).toContain(
      `get_events is not in the categories map: category "external" was written explicitly (the inventory shows read?: ${PROPOSED_CATEGORY_MEANING})`,
    );
  });
});
