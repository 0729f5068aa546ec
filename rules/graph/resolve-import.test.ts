import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createResolver } from "./resolve-import.js";

const root = mkdtempSync(join(tmpdir(), "capkit-resolve-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (rel: string, text: string) => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};

write(
  "packages/agents/package.json",
  JSON.stringify({
    name: "@acme/agents",
    exports: {
      ".": { types: "./src/main.ts", default: "./dist/main.js" },
      "./tools": "./src/tools/index.ts",
      "./t/*": { import: "./src/tools/*.js" },
      "./caps/*": "./dist/caps/*.js",
    },
  }),
);
write("packages/agents/src/main.ts", "export {};\n");
write("packages/agents/src/tools/index.ts", "export {};\n");
write("packages/agents/src/tools/base.ts", "export {};\n");
write("packages/agents/src/caps/web.ts", "export {};\n");
write("packages/plain/package.json", JSON.stringify({ name: "@acme/plain" }));
write("packages/plain/src/index.ts", "export {};\n");
write("packages/plain/src/util/x.ts", "export {};\n");
write("apps/web/src/app.ts", "export {};\n");

describe("the lint's import resolver", () => {
  const r = createResolver(root);
  const from = join(root, "apps/web/src/app.ts");

  it("follows a workspace package's exports map: conditions, subpaths and * patterns (a .js target through its .ts twin)", () => {
    expect(r.resolve(from, "@acme/agents")).toBe(join(root, "packages/agents/src/main.ts"));
    expect(r.resolve(from, "@acme/agents/tools")).toBe(join(root, "packages/agents/src/tools/index.ts"));
    // The source layout would look for src/t/base: only the map knows it is src/tools/base.ts.
    expect(r.resolve(from, "@acme/agents/t/base")).toBe(join(root, "packages/agents/src/tools/base.ts"));
  });

  it("falls back to the source layout when the mapped target is build output that is not scanned", () => {
    expect(r.resolve(from, "@acme/agents/caps/web")).toBe(join(root, "packages/agents/src/caps/web.ts"));
  });

  it("still resolves packages without an exports map, and leaves external packages alone", () => {
    expect(r.resolve(from, "@acme/plain")).toBe(join(root, "packages/plain/src/index.ts"));
    expect(r.resolve(from, "@acme/plain/util/x")).toBe(join(root, "packages/plain/src/util/x.ts"));
    expect(r.resolve(from, "zod")).toBeNull();
  });
});
