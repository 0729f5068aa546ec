/**
 * `describeCapabilityParity(registry, options)`: the parity checks as a vitest suite a user
 * drops into their own tests — one `it` per check (drift, category snapshot, gate parity
 * through the sandbox, behaviour replay when a recording is given, and optionally the mutation
 * self-check). A failing `it` shows the problems, each naming the capability.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isCapkitError } from "../lib/errors.js";
import { defaultConfig } from "../lib/config/index.js";
import { readJsonFile } from "../lib/read-json.js";
import type { PermissionCategory, CapabilityRegistry } from "../runtime/index.js";
import { runMutants } from "./engine.js";
import { gateParityCheck } from "./gate-parity.js";
import { moduleFilesIn, runFieldsFromDeps } from "./load-target.js";
import type { Mutant } from "./mutants.js";
import type { LegacyBelts, RecordableTool } from "./record.js";
import { behaviourCheck } from "./replay.js";
import { categoryCheck, driftCheck } from "./static-checks.js";
import type { ParityRecording, ParityTarget } from "./types.js";

export interface CapabilityParityOptions {
  /** Suite title (default "capability parity"). */
  readonly name?: string;
  /** A fresh deterministic context per case. */
  readonly context: () => unknown;
  /**
   * Fresh run fields per case (what old constructors took). Default with `deps`: the deps under
   * their run-field names by migrate's default map (`registry` → `nodeRegistry`, …).
   */
  readonly runFields?: () => Record<string, unknown>;
  /** The committed snapshot: a JSON file (a path from the working directory, or a file URL) or the map itself. */
  readonly snapshot?: string | URL | Readonly<Record<string, string>>;
  /** The old categories map (unlisted names → external). */
  readonly oldCategories?: Readonly<Record<string, string>>;
  /** The recording `capkit parity --record` wrote: a path, a file URL or the parsed file. */
  readonly recording?: string | URL | ParityRecording;
  /**
   * The old belt builders, called with `deps()`: while namespaces are still to migrate, a
   * recorded capability the registry does not serve yet is replayed through its Tool class
   * (as `capkit parity` does with parity.belts) instead of failing as gone.
   */
  readonly belts?: (deps: unknown) => readonly RecordableTool[] | Promise<readonly RecordableTool[]>;
  /** Fresh host dependencies per case, for `belts` (what the belt builders take). */
  readonly deps?: () => unknown;
  readonly canaries?: Partial<Record<PermissionCategory, string>>;
  readonly nondeterministic?: readonly string[];
  /** The capabilities folder (absolute path or file URL), to compare declared modules with `<key>.ts` files. */
  readonly capabilitiesDir?: string | URL;
  /** true runs the built-in mutants; a list runs those. */
  readonly mutants?: boolean | readonly Mutant[];
  readonly pack?: string;
}

/** A path option as a path: a URL (`new URL("./x.json", import.meta.url)`) becomes its file path. */
function pathOf(value: string | URL): string {
  return value instanceof URL ? fileURLToPath(value) : value;
}

/** A test failure shows only an error's message, so the file and the hint go into it. */
function readJson<T>(path: string, what: string): T {
  try {
    return readJsonFile(path, { what }) as T;
  } catch (error) {
    if (!isCapkitError(error)) throw error;
    // A URL's .pathname keeps its escapes ("my%20repo"): the usual way to get here from import.meta.url.
    const escaped = /%[0-9A-Fa-f]{2}/.test(path)
      ? "; the path has URL escapes: pass the URL itself (new URL(..., import.meta.url)) or fileURLToPath(url), not url.pathname"
      : "";
    throw new Error(`describeCapabilityParity: ${error.format()}${escaped}`, { cause: error });
  }
}

/** A JSON option: read from its file when it is a path or URL, else the value given. */
function jsonOption<T>(value: string | URL | T | undefined, what: string): T | undefined {
  return typeof value === "string" || value instanceof URL ? readJson<T>(pathOf(value), what) : value;
}

const labelOf = (value: unknown, fallback: string): string =>
  typeof value === "string" || value instanceof URL ? pathOf(value) : fallback;

/** The ParityTarget these options describe (files are read when a test runs, not at collection). */
export function parityTargetFromOptions(registry: CapabilityRegistry, options: CapabilityParityOptions): ParityTarget {
  const snapshot = jsonOption<Readonly<Record<string, string>>>(options.snapshot, "the category snapshot");
  const recording = jsonOption<ParityRecording>(options.recording, "the parity recording");
  const legacy: LegacyBelts | null = options.belts
    ? {
        createContext: options.context,
        buildBelts: options.belts,
        ...(options.deps ? { createDeps: options.deps } : {}),
      }
    : null;
  const { deps } = options;
  const createRunFields = options.runFields ?? (deps ? () => runFieldsFromDeps(deps(), defaultConfig()) : undefined);
  return {
    registry,
    createContext: options.context,
    ...(createRunFields ? { createRunFields } : {}),
    snapshot: snapshot ?? null,
    snapshotLabel: labelOf(options.snapshot, "the snapshot passed in"),
    oldCategories: options.oldCategories ?? recording?.oldCategories ?? null,
    oldCategoriesLabel: options.oldCategories ? "the old categories map" : "the old categories in the recording",
    recording: recording ?? null,
    recordingLabel: labelOf(options.recording, "the recording passed in"),
    ...(options.canaries ? { canaries: options.canaries } : {}),
    nondeterministic: options.nondeterministic ?? [],
    moduleFiles: options.capabilitiesDir ? moduleFilesIn(pathOf(options.capabilitiesDir), ".") : null,
    ...(options.pack ? { pack: options.pack } : {}),
    legacy,
  };
}

export function describeCapabilityParity(registry: CapabilityRegistry, options: CapabilityParityOptions): void {
  const target = () => parityTargetFromOptions(registry, options);
  describe(options.name ?? "capability parity", () => {
    it("drift: every export is complete, named once, and its spec is the module's own object", async () => {
      expect((await driftCheck(target())).problems).toEqual([]);
    });
    it("category snapshot: name → category matches the committed snapshot and the old map", () => {
      expect(categoryCheck(target()).problems).toEqual([]);
    });
    it("gate parity: the sandbox path and a direct invoke produce identical transcripts", async () => {
      expect((await gateParityCheck(target())).problems).toEqual([]);
    });
    if (options.recording !== undefined) {
      it("behaviour: replaying the recording through run.invoke matches the old classes", async () => {
        expect((await behaviourCheck(target())).problems).toEqual([]);
      });
    }
    if (options.mutants) {
      it("mutation self-check: every broken gate and dispatcher is caught", async () => {
        const summary = await runMutants(target(), Array.isArray(options.mutants) ? options.mutants : undefined);
        expect(summary.survivors).toEqual([]);
        expect(summary.killed).toBe(summary.total);
      });
    }
  });
}
