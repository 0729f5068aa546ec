/**
 * A project whose Tool classes live in a package named `tools`: what migrate writes there must
 * pass the default seam, since that package's own folder matches its tools side.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
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
});
