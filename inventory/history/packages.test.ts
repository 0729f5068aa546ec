import { describe, expect, it } from "vitest";
import { exportTargets } from "../../lib/package-exports.js";
import { parseManifest, toWorkspacePackage } from "./packages.js";

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
  });

  it("reads a manifest without exports, and rejects one without a name or not JSON", () => {
    expect(parseManifest(JSON.stringify({ name: "@acme/x", main: "./src/main.ts" }))).toEqual({
      name: "@acme/x",
      entry: "./src/main.ts",
    });
    expect(parseManifest(JSON.stringify({ version: "1.0.0" }))).toBeNull();
    expect(parseManifest("{ nope")).toBeNull();
  });
});
