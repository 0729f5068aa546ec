/**
 * How a user calls the parity checks from their own vitest suite: import the migrated registry
 * and the deterministic fakes, point at the committed snapshot and recording, done.
 */
import { join } from "node:path";
import { describeCapabilityParity } from "capkit/parity/vitest";
import type { CapabilityRegistry } from "capkit/runtime";
import { CAPS, MINI_TARGET } from "./test-support/mini-target.js";

// A user writes plain static imports of their registry and fakes. Here the target is a data
// fixture outside the type-checked tree, so the same modules are imported by path.
const from = (rel: string) => import(/* @vite-ignore */ join(MINI_TARGET, rel));
const { registry } = (await from(`${CAPS}/registry.ts`)) as { registry: CapabilityRegistry };
const { createFakeContext, createFakeDeps } = (await from("packages/agents/tests/fake-context.ts")) as {
  createFakeContext: () => unknown;
  createFakeDeps: () => Record<string, unknown>;
};

describeCapabilityParity(registry, {
  name: "mini target capabilities (as a user's suite)",
  context: createFakeContext,
  runFields: createFakeDeps,
  snapshot: join(MINI_TARGET, CAPS, "categories.snapshot.json"),
  recording: join(MINI_TARGET, ".capkit/parity-recording.json"),
  capabilitiesDir: join(MINI_TARGET, CAPS),
  canaries: { read: "list_notes", write: "add_note" },
  mutants: true,
});
