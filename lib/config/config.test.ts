import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { defaultConfig, loadConfig, parseConfig } from "./index.js";

const dirs: string[] = [];
const withConfig = (text: string) => {
  const d = mkdtempSync(join(tmpdir(), "capkit-config-"));
  dirs.push(d);
  writeFileSync(join(d, "capkit.config.json"), text);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("capkit.config.json", () => {
  it("defaults fit a NodeTool-shaped repo when there is no file", () => {
    const d = mkdtempSync(join(tmpdir(), "capkit-config-"));
    dirs.push(d);
    const { config, path } = loadConfig(d);
    expect(path).toBeNull();
    expect(config.base).toEqual({ names: ["Tool"], module: "packages/agents/src/tools/base-tool.ts" });
    expect(config.scan.include).toEqual(["packages/**/*.{ts,tsx,mts,cts}"]);
    expect(config.classify.beltBuilders).toContain("getAllMcpTools");
    expect(config.categories.map).toBe("TOOL_PERMISSION_CATEGORIES");
    expect(config.ratchet).toEqual({ kinds: [], baseline: ".capkit/baseline.json" });
  });

  it("fills in for no file exactly what the schema fills in for an empty one", () => {
    expect(defaultConfig()).toEqual(parseConfig({}, "capkit.config.json"));
    // A fresh copy each time: a caller that extends it cannot change the next run's defaults.
    defaultConfig().scan.include.push("x/**");
    expect(defaultConfig().scan.include).toEqual(parseConfig({}, "capkit.config.json").scan.include);
  });

  it("says which tree-dependent fields the file sets itself, a default value written out included", () => {
    const d = mkdtempSync(join(tmpdir(), "capkit-config-"));
    dirs.push(d);
    expect(loadConfig(d).given).toEqual({ scanInclude: false, capabilitiesDir: false });
    expect(loadConfig(withConfig('{ "base": { "names": ["BaseTool"] } }')).given).toEqual({
      scanInclude: false,
      capabilitiesDir: false,
    });
    const explicit = loadConfig(
      withConfig(
        '{ "scan": { "include": ["src/**"] }, "codemods": { "capabilitiesDir": "packages/agents/src/capabilities" } }',
      ),
    );
    expect(explicit.given).toEqual({ scanInclude: true, capabilitiesDir: true });
    expect(explicit.config.codemods.capabilitiesDir).toBe("packages/agents/src/capabilities");
  });

  it("fills defaults around the fields a file sets", () => {
    const { config } = loadConfig(
      withConfig('{ "ratchet": { "kinds": ["host-bridge"] }, "base": { "names": ["BaseTool"] } }'),
    );
    expect(config.ratchet).toEqual({ kinds: ["host-bridge"], baseline: ".capkit/baseline.json" });
    expect(config.base.names).toEqual(["BaseTool"]);
    expect(config.scan).toEqual(defaultConfig().scan);
  });

  it("names the field path and the expected value (exit 2)", () => {
    const e = errorOf(() => loadConfig(withConfig('{ "ratchet": { "kinds": ["capabilty"] } }')));
    expect(e.exitCode).toBe(2);
    expect(e.details.file).toBe("capkit.config.json");
    expect(e.message).toContain("ratchet.kinds[0]");
    expect(e.message).toMatch(/expected one of .*"capability"/);
  });

  it("rejects unknown top-level keys and unknown fields by name", () => {
    expect(errorOf(() => parseConfig({ sacn: {} }, "c.json")).message).toContain(
      'unknown key "sacn" (did you mean "scan"? known sections: scan, base',
    );
    expect(errorOf(() => parseConfig({ scan: { includes: [] } }, "c.json")).message).toContain(
      'scan: unknown key "includes"',
    );
    expect(errorOf(() => parseConfig({ scan: { inclde: [] } }, "c.json")).message).toContain('did you mean "include"?');
    expect(errorOf(() => parseConfig({ zzzzzz: {} }, "c.json")).message).not.toContain("did you mean");
  });

  it("rejects invalid JSON, bad regexes and a missing --config file", () => {
    expect(errorOf(() => loadConfig(withConfig("{ nope"))).message).toContain("not valid JSON");
    expect(errorOf(() => parseConfig({ classify: { loopOwners: ["("] } }, "c.json")).message).toContain(
      "classify.loopOwners[0]: expected a valid regular expression",
    );
    expect(errorOf(() => loadConfig(tmpdir(), "/nonexistent/capkit.json")).message).toContain("config file not found");
  });
});
