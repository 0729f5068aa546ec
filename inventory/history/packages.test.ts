import { describe, expect, it } from "vitest";
import { exportTargets } from "../../lib/package-exports.js";
import { isManifestPath, manifestFolders, parseManifest, toWorkspacePackage, workspaceGlobsAt } from "./packages.js";

describe("workspace manifests at a commit", () => {
  it("keeps the exports subpaths, as the live scan does", () => {
    const fact = parseManifest(
      JSON.stringify({
        name: "@acme/agents",
        exports: { ".": "./src/index.ts", "./tools/*": { types: "./src/tools/*.ts", default: "./dist/tools/*.js" } },
      }),
    );
    expect(fact?.entry).toBe("./src/index.ts");
    expect(fact?.exports && exportTargets(fact.exports, "./tools/base")).toEqual([
      "./src/tools/base.ts",
      "./dist/tools/base.js",
    ]);
    const pkg = toWorkspacePackage(
      "/repo",
      { path: "packages/agents/package.json", oid: "x", mode: "100644", type: "blob" } as never,
      fact,
    );
    expect(pkg?.exports).toEqual(fact?.exports);
    expect(pkg?.dir).toBe("packages/agents");
  });

  it("reads a manifest without exports, and rejects one without a name or not JSON", () => {
    expect(parseManifest(JSON.stringify({ name: "@acme/x", main: "./src/main.ts" }))).toEqual({
      name: "@acme/x",
      entry: "./src/main.ts",
    });
    expect(parseManifest(JSON.stringify({ version: "1.0.0" }))).toBeNull();
    expect(parseManifest("{ nope")).toBeNull();
  });

  it("finds the manifests the commit's layout files declare, as the scan's discovery does", () => {
    const pnpm = workspaceGlobsAt(
      new Map([["pnpm-workspace.yaml", "packages:\n  - libs/*\n  - libs/providers/*\n  - '!libs/old'\n"]]),
    );
    expect(manifestFolders(pnpm)).toEqual(["libs", "libs/providers"]);
    expect(
      [
        "libs/core/package.json",
        "libs/providers/openai/package.json",
        "libs/old/package.json",
        "packages/x/package.json",
        "package.json",
        "libs/core/src/package.json",
      ].filter((p) => isManifestPath(p, pnpm)),
    ).toEqual(["libs/core/package.json", "libs/providers/openai/package.json"]);
    const npm = workspaceGlobsAt(
      new Map([["package.json", JSON.stringify({ workspaces: { packages: ["modules/*"] } })]]),
    );
    expect(isManifestPath("modules/a/package.json", npm)).toBe(true);
    expect(isManifestPath("packages/a/package.json", npm)).toBe(false);
    const lerna = workspaceGlobsAt(new Map([["lerna.json", JSON.stringify({ packages: ["tools/*"] })]]));
    expect(isManifestPath("tools/cli/package.json", lerna)).toBe(true);
    // No layout file: the conventional folders, nx-style.
    const none = workspaceGlobsAt(new Map());
    expect(
      ["packages/a/package.json", "libs/b/package.json", "apps/c/package.json"].every((p) => isManifestPath(p, none)),
    ).toBe(true);
    expect(
      toWorkspacePackage(
        "/repo",
        { path: "libs/providers/openai/package.json", oid: "y" },
        { name: "@x/openai", entry: "./src/index.ts" },
      ),
    ).toEqual({
      name: "@x/openai",
      dir: "libs/providers/openai",
      entry: "/repo/libs/providers/openai/src/index.ts",
    });
  });
});
