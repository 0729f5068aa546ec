/**
 * The `parity` section of capkit.config.json: where `capkit parity` finds the migrated registry,
 * the deterministic fake context and host dependencies, the belt builders that construct the
 * old Tool classes (for `--record`), the cases file, the recording, the canaries per category,
 * and which result fields are declared non-deterministic. Defaults fit a NodeTool-shaped repo;
 * the registry path defaults to `<codemods.capabilitiesDir>/registry.ts`.
 * Consumed by parity/ (target loading) and bin/commands/parity.ts.
 */
import { z } from "zod";
import { PERMISSION_CATEGORIES } from "../kinds.js";

const identifier = z.string().regex(/^[A-Za-z_$][\w$]*$/, "expected an identifier");
const relPath = z
  .string()
  .min(1)
  .refine(
    (p) => !p.startsWith("/") && !p.replace(/\\/g, "/").split("/").includes(".."),
    "expected a path relative to the root, staying inside it",
  );

/** A named export of a root-relative module. */
const moduleExport = (module: string, exportName: string) =>
  z.strictObject({ module: relPath.default(module), export: identifier.default(exportName) });

export const paritySection = z.strictObject({
  /** Module exporting the migrated registry; null → `<codemods.capabilitiesDir>/registry.ts`. */
  registry: z
    .strictObject({ module: relPath.nullable().default(null), export: identifier.default("registry") })
    .prefault({}),
  /** Zero-argument factory of a fresh, deterministic context (called once per case). */
  context: moduleExport("packages/agents/tests/fake-context.ts", "createFakeContext").prefault({}),
  /** Factory of the host dependencies the belt builders take; null when the host has none. */
  deps: moduleExport("packages/agents/tests/fake-context.ts", "createFakeDeps").nullable().prefault({}),
  /** Module exporting the belt builders; each is called with the deps to construct the old tools. */
  belts: z
    .strictObject({
      module: relPath.default("packages/agents/src/index.ts"),
      builders: z.array(identifier).min(1).default(["getBuiltinTools", "getAllMcpTools"]),
    })
    .prefault({}),
  /** Root-relative JSON file `{ "<wire name>": [ { ...args }, ... ] }`; optional. */
  cases: relPath.default(".capkit/parity-cases.json"),
  /** Root-relative recording written by `--record` (commit it). */
  recording: relPath.default(".capkit/parity-recording.json"),
  /** Inputs generated from each input schema: minimal (required fields) and full (every field). */
  generate: z.array(z.enum(["minimal", "full"])).default(["minimal", "full"]),
  /** Result paths replaced by a marker on both sides: "created_at", "**.updated_at", "list_jobs:jobs[*].id". */
  nondeterministic: z.array(z.string().min(1)).default([]),
  /** Canary capability per category for the gate-parity check; unlisted → first name in that category. */
  canaries: z.partialRecord(z.enum(PERMISSION_CATEGORIES), z.string().min(1)).default({}),
  /** Deps key → CapabilityRun field, merged over `codemods.runFields` (e.g. collection → vectorCollection). */
  runFields: z.record(z.string(), identifier).default({}),
  /** Guest import pack for the sandbox path. */
  pack: z.string().min(1).default("@capkit/platform"),
});

export type ParityConfig = z.output<typeof paritySection>;
