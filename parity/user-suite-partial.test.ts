/**
 * A user's suite in the middle of the migration: the registry serves one namespace, the rest of
 * the recording still belongs to Tool classes, which `belts` builds so the behaviour check
 * replays them through their classes (as `capkit parity` does) instead of calling them gone.
 * The recording is given as a file URL, the way a test file names a sibling with import.meta.url.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { describeCapabilityParity, parityTargetFromOptions } from "capkit/parity/vitest";
import { createCapabilityRegistry, type CapabilityModule, type CapabilitySpec } from "capkit/runtime";
import { CAPS, MINI_TARGET } from "./test-support/mini-target.js";
import type { RecordableTool } from "./record.js";

const from = (rel: string) => import(/* @vite-ignore */ join(MINI_TARGET, rel));
const { notesSpecs } = (await from(`${CAPS}/notes.specs.ts`)) as { notesSpecs: readonly CapabilitySpec[] };
const { createFakeContext, createFakeDeps } = (await from("packages/agents/tests/fake-context.ts")) as {
  createFakeContext: () => unknown;
  createFakeDeps: () => Record<string, unknown>;
};
const belts = (await from("packages/agents/src/index.ts")) as {
  getBuiltinTools: () => RecordableTool[];
  getAllMcpTools: (deps: unknown) => RecordableTool[];
};

// Only "notes" is migrated; run_macro and fetch_url are still Tool classes.
const registry = createCapabilityRegistry({
  notes: {
    specs: notesSpecs,
    loader: () => from(`${CAPS}/notes.ts`).then((m) => (m as { module: CapabilityModule }).module),
  },
});

describeCapabilityParity(registry, {
  name: "mini target, notes migrated (as a user's suite mid-migration)",
  context: createFakeContext,
  // No runFields: the run fields are deps() under migrate's default names (these keep theirs).
  snapshot: { add_note: "write", list_notes: "read" },
  recording: pathToFileURL(join(MINI_TARGET, ".capkit/parity-recording.json")),
  belts: (deps) => [...belts.getBuiltinTools(), ...belts.getAllMcpTools(deps)],
  deps: createFakeDeps,
  canaries: { read: "list_notes", write: "add_note" },
});

describe("describeCapabilityParity's file options", () => {
  it("a missing file whose path has URL escapes says to pass the URL, not its .pathname", () => {
    const target = () =>
      parityTargetFromOptions(registry, { context: createFakeContext, snapshot: "/tmp/my%20repo/categories.json" });
    expect(target).toThrow(/the category snapshot not found.*pass the URL itself .*not url\.pathname/s);
  });
});
