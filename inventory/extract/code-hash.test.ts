import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { typescriptManifest } from "../../lib/typescript.js";
import { extractorSources } from "./code-hash.js";

describe("extractorSources", () => {
  it("lists the installed TypeScript's package.json, so an upgrade invalidates cached facts", () => {
    const manifest = typescriptManifest();
    expect(manifest).not.toBeNull();
    const pkg = JSON.parse(readFileSync(manifest ?? "", "utf8")) as { name: string; version: string };
    const ts = createRequire(import.meta.url)("typescript") as { version: string };
    expect(pkg).toMatchObject({ name: "typescript", version: ts.version });
    expect(extractorSources()).toContain(manifest);
  });

  it("lists the extractor's modules and no tests", () => {
    const files = extractorSources();
    expect(files.some((f) => /walk-facts\.[jt]s$/.test(f))).toBe(true);
    expect(files.some((f) => /\.test\.[jt]s$/.test(f))).toBe(false);
  });
});
