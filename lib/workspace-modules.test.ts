import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { targetAliases, workspaceModules } from "./workspace-modules.js";

const root = mkdtempSync(join(tmpdir(), "capkit-workspace-modules-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

write({
  "packages/agents/package.json": JSON.stringify({
    name: "@acme/agents",
    exports: {
      ".": "./src/index.ts",
      "./tools": "./src/tools/index.ts",
      "./tools/*": "./src/tools/*.js",
      "./legacy": { types: "./dist/legacy.d.ts", default: "./src/legacy.ts" },
      "./gone": "./dist/gone.js",
      "./internal/*": null,
    },
  }),
  "packages/agents/src/index.ts": "export {};\n",
  "packages/agents/src/tools/index.ts": "export {};\n",
  "packages/agents/src/tools/http.ts": "export {};\n",
  "packages/agents/src/tools/deep/fetch.ts": "export {};\n",
  "packages/agents/src/tools/types.d.ts": "export {};\n",
  "packages/agents/src/legacy.ts": "export {};\n",
  "packages/plain/package.json": JSON.stringify({ name: "@acme/plain" }),
  "packages/plain/src/index.ts": "export {};\n",
  "packages/plain/src/util/strings.ts": "export {};\n",
  "packages/plain/src/util/index.ts": "export {};\n",
});

describe("workspaceModules", () => {
  const modules = Object.fromEntries([...workspaceModules(root)].map(([k, v]) => [k, v.slice(root.length + 1)]));

  it("lists exact exports keys and `*` patterns over the files their targets cover, `.js` targets through `.ts` sources", () => {
    expect(modules).toMatchObject({
      "@acme/agents": "packages/agents/src/index.ts",
      "@acme/agents/tools": "packages/agents/src/tools/index.ts",
      "@acme/agents/tools/http": "packages/agents/src/tools/http.ts",
      "@acme/agents/tools/deep/fetch": "packages/agents/src/tools/deep/fetch.ts",
      "@acme/agents/legacy": "packages/agents/src/legacy.ts",
    });
    // The pattern key never maps index.ts over the exact "./tools" key, a declaration file, a dist-only target or a null target.
    expect(
      Object.keys(modules)
        .filter((k) => k.startsWith("@acme/agents"))
        .sort(),
    ).toEqual([
      "@acme/agents",
      "@acme/agents/legacy",
      "@acme/agents/tools",
      "@acme/agents/tools/deep/fetch",
      "@acme/agents/tools/http",
      "@acme/agents/tools/index",
    ]);
  });

  it("without an exports map, lists the files under src/ with and without `.js`, and a folder for its index", () => {
    expect(modules).toMatchObject({
      "@acme/plain/util/strings": "packages/plain/src/util/strings.ts",
      "@acme/plain/util/strings.js": "packages/plain/src/util/strings.ts",
      "@acme/plain/util": "packages/plain/src/util/index.ts",
    });
  });

  it("gives vitest anchored aliases for all of them and for what capkit lends", () => {
    const aliases = targetAliases(root);
    const hit = (s: string) => aliases.find((a) => a.find.test(s))?.replacement.slice(root.length + 1);
    expect(hit("@acme/agents/tools/http")).toBe("packages/agents/src/tools/http.ts");
    expect(hit("@acme/agents/tools/httpx")).toBeUndefined();
    expect(aliases.some((a) => a.find.test("capkit/runtime"))).toBe(true);
  });
});
