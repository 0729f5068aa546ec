/**
 * Fixture discovery for codemod tests: every `<fixturesDir>/<case>/input/` that has a sibling
 * `output/` is a case, found by glob (never hand-listed, so a new folder is a new test). A case
 * may carry `inventory.json` (a full or partial InventoryResult), `options.json` (CodemodContext
 * overrides) and `expected.json` (expected unit outcomes). Consumed by run-case.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { isCapkitError } from "../../lib/errors.js";
import { readJsonFile } from "../../lib/read-json.js";
import { VirtualTree } from "../plan.js";

export interface ExpectedUnit {
  readonly unit: string;
  readonly outcome: "skipped" | "unchanged" | "changed" | "refused" | "error";
  /** Substring the unit's reason must contain. */
  readonly reason?: string;
  /** The unit's code (codemods/unit-codes.md), exactly. */
  readonly code?: string;
  readonly codemod?: string;
}

export interface ExpectedFile {
  readonly units?: readonly ExpectedUnit[];
  /** When true (the default), every refused/error unit the codemod reports must be listed. */
  readonly exhaustiveRefusals?: boolean;
}

export interface FixtureCase {
  readonly name: string;
  /** Absolute paths. */
  readonly dir: string;
  readonly inputDir: string;
  readonly outputDir: string;
  /** Parsed `inventory.json`, if any (possibly partial; see inventory-stub.ts). */
  readonly inventory?: unknown;
  /** Parsed `options.json`, if any. */
  readonly options?: Record<string, unknown>;
  readonly expected?: ExpectedFile;
}

/**
 * A fixture's JSON file, parsed. A test failure shows only an error's message, so the path and
 * the parser's complaint go into it.
 */
export function readFixtureJson(path: string): unknown {
  try {
    return readJsonFile(path, { what: "fixture file" });
  } catch (error) {
    if (isCapkitError(error)) throw new Error(error.format(), { cause: error });
    throw error;
  }
}

/** Cases under `fixturesDir` (usually `codemods/<name>/__testfixtures__`), sorted by name. */
export function discoverFixtureCases(fixturesDir: string): FixtureCase[] {
  const inputs = fg.sync("*/input", { cwd: fixturesDir, onlyDirectories: true, dot: false });
  return inputs.sort().map((rel) => {
    const name = rel.slice(0, -"/input".length);
    const dir = join(fixturesDir, name);
    const optional = (file: string): unknown =>
      existsSync(join(dir, file)) ? readFixtureJson(join(dir, file)) : undefined;
    const fixture: FixtureCase = {
      name,
      dir,
      inputDir: join(dir, "input"),
      outputDir: join(dir, "output"),
      inventory: optional("inventory.json"),
      options: optional("options.json") as Record<string, unknown> | undefined,
      expected: optional("expected.json") as ExpectedFile | undefined,
    };
    return fixture;
  });
}

/** Every file under `dir` (dotfiles included), root-relative with `/`, sorted. */
export function listDirFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return fg.sync("**/*", { cwd: dir, dot: true, onlyFiles: true }).sort();
}

export function readDirFiles(dir: string): Map<string, string> {
  return new Map(listDirFiles(dir).map((path) => [path, readFileSync(join(dir, path), "utf8")]));
}

/** A VirtualTree over a snapshot of `dir` taken now (later disk changes are not seen). */
export function treeFromDir(dir: string, root: string = dir): VirtualTree {
  const files = readDirFiles(dir);
  return treeFromFiles(files, root);
}

/** A VirtualTree over an in-memory file map. */
export function treeFromFiles(files: ReadonlyMap<string, string>, root: string): VirtualTree {
  return new VirtualTree(
    root,
    (path) => files.get(path) ?? null,
    () => [...files.keys()],
  );
}
