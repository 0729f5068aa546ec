import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CapkitError, ConfigError, EnvironmentError } from "./errors.js";
import { readJsonFile, readJsonFileIfExists } from "./read-json.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), "capkit-read-json-"));
  dirs.push(d);
  return d;
}

function errorOf(fn: () => unknown): CapkitError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CapkitError) return error;
    throw error;
  }
  throw new Error("expected a CapkitError");
}

describe("readJsonFile / readJsonFileIfExists", () => {
  it("returns the parsed value", () => {
    const d = dir();
    writeFileSync(join(d, "a.json"), '{ "n": 1, "list": [true, null] }');
    expect(readJsonFile(join(d, "a.json"), { what: "the file" })).toEqual({ n: 1, list: [true, null] });
    expect(readJsonFileIfExists(join(d, "a.json"), { what: "the file" })).toEqual({ n: 1, list: [true, null] });
  });

  it("a missing file: undefined when optional, an error naming the file and the hint when required", () => {
    const path = join(dir(), "gone.json");
    expect(readJsonFileIfExists(path, { what: "the recording" })).toBeUndefined();
    const e = errorOf(() =>
      readJsonFile(path, { what: "the recording", file: "gone.json", hint: "run `capkit parity --record`" }),
    );
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.exitCode).toBe(2);
    expect(e.format()).toBe("gone.json: the recording not found\n  hint: run `capkit parity --record`");
  });

  it("invalid JSON: the parser's message, the shown path (the real one by default) and the caller's error class", () => {
    const d = dir();
    const path = join(d, "bad.json");
    writeFileSync(path, "{ not json");
    const e = errorOf(() =>
      readJsonFileIfExists(path, { what: "saved lint result", hint: "re-run `capkit lint`", error: EnvironmentError }),
    );
    expect(e).toBeInstanceOf(EnvironmentError);
    expect(e.details).toEqual({ file: path, hint: "re-run `capkit lint`" });
    expect(e.message).toMatch(/^saved lint result is not valid JSON: .*JSON/);
  });

  it("an unreadable path says it could not be read, with the system's reason, and a per-failure hint only where given", () => {
    const d = dir();
    mkdirSync(join(d, "folder.json"));
    const hint = { invalid: "must be plain JSON" };
    const e = errorOf(() => readJsonFile(join(d, "folder.json"), { what: "config", file: "folder.json", hint }));
    expect(e.message).toMatch(/^cannot read config: EISDIR/);
    expect(e.details).toEqual({ file: "folder.json" });
    writeFileSync(join(d, "c.json"), "// comment\n{}");
    expect(errorOf(() => readJsonFile(join(d, "c.json"), { what: "config", hint })).details.hint).toBe(
      "must be plain JSON",
    );
  });
});

describe("JSON a person edited", () => {
  it("a syntax error gives line and column, not only the character position", () => {
    const d = dir();
    writeFileSync(join(d, "capkit.config.json"), '{\n  "scan": {\n    "include" ["src/**/*.ts"]\n  }\n}\n');
    const e = errorOf(() =>
      readJsonFile(join(d, "capkit.config.json"), { what: "config", file: "capkit.config.json" }),
    );
    expect(e.message).toMatch(/\(line 3, column 15\)$/);
  });

  it.each([
    [
      "an unexpected token (V8 gives no position)",
      '{\n  "scan": {\n    "include": [\n  }\n',
      "Unexpected token '}' (line 4, column 3)",
    ],
    ["the end of the text", '{\n  "scan": {\n', "(line 3, column 1)"],
    ["a trailing comma", '{ "a": 1,\n}', "(line 2, column 1)"],
  ])("%s also gets line and column", (_name, text, where) => {
    const d = dir();
    writeFileSync(join(d, "c.json"), text);
    const e = errorOf(() => readJsonFile(join(d, "c.json"), { what: "config" }));
    expect(e.message.endsWith(where)).toBe(true);
    expect(e.message).not.toContain("\n");
  });

  it("a UTF-8 byte-order mark is accepted", () => {
    const d = dir();
    writeFileSync(join(d, "bom.json"), '\uFEFF{ "scan": {} }');
    expect(readJsonFile(join(d, "bom.json"), { what: "config" })).toEqual({ scan: {} });
  });
});
