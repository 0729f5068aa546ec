import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvironmentError } from "./errors.js";
import { loadResult, resultPath, saveResult } from "./results-store.js";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));
const tempRoot = () => {
  const r = mkdtempSync(join(tmpdir(), "capkit-results-"));
  roots.push(r);
  return r;
};

describe("saved results", () => {
  it("round-trips a result and says undefined when none was saved", () => {
    const root = tempRoot();
    expect(loadResult(root, "migrate")).toBeUndefined();
    saveResult(root, "migrate", { converted: 3 });
    expect(loadResult(root, "migrate")).toEqual({ converted: 3 });
  });

  it("turns a corrupt saved result into an EnvironmentError naming the file and the fix", () => {
    const root = tempRoot();
    const path = resultPath(root, "migrate");
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "{ half-written");
    let caught: unknown;
    try {
      loadResult(root, "migrate");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvironmentError);
    expect((caught as EnvironmentError).message).toMatch(/saved migrate result is not valid JSON/);
    expect((caught as EnvironmentError).details.file).toBe(".capkit/results/migrate.json");
    expect((caught as EnvironmentError).details.hint).toMatch(/capkit migrate/);
  });
});
