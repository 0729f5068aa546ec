/**
 * The `parity` section of capkit.config.json: where `capkit parity` finds the migrated registry,
 * the deterministic fake context and host dependencies, the belt builders that construct the
 * old Tool classes (for `--record`), the cases file, the recording, the canaries per category,
 * and which result fields are declared non-deterministic. Defaults fit a NodeTool-shaped repo;
 * the registry path defaults to `<codemods.capabilitiesDir>/registry.ts`.
 * Consumed by parity/ (target loading) and bin/commands/parity.ts.
 */
import type { z } from "zod";
import { PERMISSION_CATEGORIES, type PermissionCategory } from "../kinds.js";
import type { ZodApi } from "./zod.js";

export const PARITY_DEFAULTS = {
  registry: { module: null as string | null, export: "registry" },
  context: { module: "packages/agents/tests/fake-context.ts", export: "createFakeContext" },
  deps: { module: "packages/agents/tests/fake-context.ts", export: "createFakeDeps" },
  belts: { module: "packages/agents/src/index.ts", builders: ["getBuiltinTools", "getAllMcpTools"] },
  cases: ".capkit/parity-cases.json",
  recording: ".capkit/parity-recording.json",
  generate: ["minimal", "full"] as ("minimal" | "full")[],
  nondeterministic: [] as string[],
  canaries: {} as Partial<Record<PermissionCategory, string>>,
  runFields: {} as Record<string, string>,
  pack: "@capkit/platform",
};

export const paritySection = (z: ZodApi) => {
  const d = PARITY_DEFAULTS;
  const identifier = z.string().regex(/^[A-Za-z_$][\w$]*$/, "expected an identifier");
  const relPath = z
    .string()
    .min(1)
    .refine(
      (p) => !p.startsWith("/") && !p.replace(/\\/g, "/").split("/").includes(".."),
      "expected a path relative to the root, staying inside it",
    );
  /** A named export of a root-relative module. */
  const moduleExport = (defaults: { module: string; export: string }) =>
    z.strictObject({ module: relPath.default(defaults.module), export: identifier.default(defaults.export) });
  return z.strictObject({
    /** Module exporting the migrated registry; null → `<codemods.capabilitiesDir>/registry.ts`. */
    registry: z
      .strictObject({
        module: relPath.nullable().default(d.registry.module),
        export: identifier.default(d.registry.export),
      })
      .prefault({}),
    /** Zero-argument factory of a fresh, deterministic context (called once per case). */
    context: moduleExport(d.context).prefault({}),
    /** Factory of the host dependencies the belt builders take; null when the host has none. */
    deps: moduleExport(d.deps).nullable().prefault({}),
    /** Module exporting the belt builders; each is called with the deps to construct the old tools. */
    belts: z
      .strictObject({
        module: relPath.default(d.belts.module),
        builders: z.array(identifier).min(1).default(d.belts.builders),
      })
      .prefault({}),
    /** Root-relative JSON file `{ "<wire name>": [ { ...args }, ... ] }`; optional. */
    cases: relPath.default(d.cases),
    /** Root-relative recording written by `--record` (commit it). */
    recording: relPath.default(d.recording),
    /** Inputs generated from each input schema: minimal (required fields) and full (every field). */
    generate: z.array(z.enum(["minimal", "full"])).default(d.generate),
    /** Result paths replaced by a marker on both sides: "created_at", "**.updated_at", "list_jobs:jobs[*].id". */
    nondeterministic: z.array(z.string().min(1)).default(d.nondeterministic),
    /** Canary capability per category for the gate-parity check; unlisted → first name in that category. */
    canaries: z.partialRecord(z.enum(PERMISSION_CATEGORIES), z.string().min(1)).default(d.canaries),
    /** Deps key → CapabilityRun field, merged over `codemods.runFields` (e.g. collection → vectorCollection). */
    runFields: z.record(z.string(), identifier).default(d.runFields),
    /** Guest import pack for the sandbox path. */
    pack: z.string().min(1).default(d.pack),
  });
};

export type ParityConfig = z.output<ReturnType<typeof paritySection>>;
