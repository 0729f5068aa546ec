import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { DEFAULT_CODEMODS_CONFIG, DEFAULT_RUN_FIELDS, resolveCodemodsConfig } from "./codemods-section.js";
import { parseConfig } from "./index.js";

describe("the codemods section", () => {
  it("fills defaults, merges run fields over NodeTool's and normalises paths", () => {
    expect(resolveCodemodsConfig(undefined)).toBe(DEFAULT_CODEMODS_CONFIG);
    const config = resolveCodemodsConfig({
      capabilitiesDir: "./src\\capabilities/",
      runFields: { db: "database" },
      runtimeImport: null,
      toolModule: "src/tools/base-tool.ts",
    });
    expect(config).toEqual({
      capabilitiesDir: "src/capabilities",
      runFields: { ...DEFAULT_RUN_FIELDS, db: "database" },
      runtimeImport: "capkit/runtime",
      toolModule: "src/tools/base-tool.ts",
      categorySnapshot: null,
    });
  });

  it.each([
    ["x", "codemods: must be an object"],
    [
      { capabilitesDir: "a" },
      'codemods: unknown key "capabilitesDir" (did you mean "capabilitiesDir"? known: capabilitiesDir, runFields,',
    ],
    [{ capabilitiesDir: "" }, 'codemods: "capabilitiesDir" must be a non-empty string'],
    [
      { toolModule: "../outside.ts" },
      'codemods: "toolModule" must be relative to the root and stay inside it (got "../outside.ts")',
    ],
    [{ runFields: [] }, 'codemods: "runFields" must map constructor names to run fields'],
    [{ runFields: { db: "1st" } }, 'codemods: "runFields.db" must be a run field identifier (got "1st")'],
    [{ runtimeImport: "" }, 'codemods: "runtimeImport" must be a module specifier'],
  ])("rejects %j with a message naming the key", (raw, message) => {
    expect(() => resolveCodemodsConfig(raw, "capkit.config.json")).toThrow(ConfigError);
    expect(() => resolveCodemodsConfig(raw, "capkit.config.json")).toThrow(message);
  });

  it("reaches the whole-config loader as a `codemods` issue", () => {
    expect(() => parseConfig({ codemods: { runFields: { db: 2 } } }, "capkit.config.json")).toThrow(
      /codemods: "runFields.db" must be a run field identifier \(got 2\)/,
    );
  });
});
