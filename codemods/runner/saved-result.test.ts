import { describe, expect, it } from "vitest";
import { mergeSavedMigrate, type SavedMigrate } from "./saved-result.js";

const ns = (namespace: string, converted: string[]) => ({
  namespace,
  converted,
  refused: [],
  filesWritten: [`${namespace}.ts`],
});

describe("mergeSavedMigrate", () => {
  it("keeps namespaces migrated by earlier runs and sums call sites", () => {
    const first: SavedMigrate = { namespaces: [ns("workflows", ["list_workflows"])], callSitesRewritten: 3 };
    const second: SavedMigrate = { namespaces: [ns("email", ["send_email"])], callSitesRewritten: 2 };
    const merged = mergeSavedMigrate(first, second);
    expect(merged.namespaces.map((n) => n.namespace)).toEqual(["email", "workflows"]);
    expect(merged.callSitesRewritten).toBe(5);
  });

  it("a re-run of a namespace replaces its entry", () => {
    const first: SavedMigrate = { namespaces: [ns("web", [])], callSitesRewritten: 0 };
    const second: SavedMigrate = { namespaces: [ns("web", ["http_get"])], callSitesRewritten: 1 };
    expect(mergeSavedMigrate(first, second).namespaces).toEqual([ns("web", ["http_get"])]);
  });

  it("ignores a missing or malformed earlier file", () => {
    const current: SavedMigrate = { namespaces: [ns("jobs", ["list_jobs"])], callSitesRewritten: 1 };
    expect(mergeSavedMigrate(undefined, current)).toBe(current);
    expect(mergeSavedMigrate({ nope: true }, current)).toBe(current);
  });
});
