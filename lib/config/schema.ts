/**
 * The whole `capkit.config.json` schema: one strict object of sections, each defined in its own
 * `<name>-section.ts` as a function of zod (lib/config/zod.ts loads zod on first use, so a run
 * without a config file never does). To add a section, write `lib/config/<name>-section.ts`
 * exporting its plain defaults and a schema builder whose fields all default from them, and add
 * one line to SECTIONS, one to defaults.ts. Unknown top-level keys are an error.
 */
import type { z } from "zod";
import { ConfigError } from "../errors.js";
import { scanSection } from "./scan-section.js";
import { baseSection } from "./base-section.js";
import { classifySection } from "./classify-section.js";
import { namespacesSection } from "./namespaces-section.js";
import { categoriesSection } from "./categories-section.js";
import { ratchetSection } from "./ratchet-section.js";
import { resolveSeamConfig, type SeamConfig } from "./seam.js";
import { resolveCodemodsConfig, type CodemodsConfig } from "./codemods.js";
import { paritySection } from "./parity.js";
import { getZod, type ZodApi } from "./zod.js";

/**
 * A section validated by its own resolver (one set of messages, also used without zod by the
 * lint and the codemods); its errors become zod issues on the section.
 */
function delegated<T>(z: ZodApi, prefix: string, resolve: (raw: unknown) => T) {
  return z.unknown().transform((raw, ctx): T => {
    try {
      return resolve(raw);
    } catch (error) {
      ctx.addIssue({
        code: "custom",
        message: error instanceof ConfigError ? error.message.replace(new RegExp(`^${prefix}: `), "") : String(error),
      });
      return z.NEVER;
    }
  });
}

/** The sections by name; each builds its schema from zod. */
export const SECTIONS = {
  scan: scanSection,
  base: baseSection,
  classify: classifySection,
  namespaces: namespacesSection,
  categories: categoriesSection,
  ratchet: ratchetSection,
  seam: (z: ZodApi) => delegated<SeamConfig>(z, "seam", (raw) => resolveSeamConfig(raw)),
  codemods: (z: ZodApi) => delegated<CodemodsConfig>(z, "codemods", (raw) => resolveCodemodsConfig(raw)),
  parity: paritySection,
};

/** Each section is optional in the file; `prefault({})` fills every field's default. */
function buildConfigSchema(z: ZodApi) {
  return z.strictObject({
    $schema: z.string().optional(),
    scan: SECTIONS.scan(z).prefault({}),
    base: SECTIONS.base(z).prefault({}),
    classify: SECTIONS.classify(z).prefault({}),
    namespaces: SECTIONS.namespaces(z).prefault({}),
    categories: SECTIONS.categories(z).prefault({}),
    ratchet: SECTIONS.ratchet(z).prefault({}),
    seam: SECTIONS.seam(z).prefault({}),
    codemods: SECTIONS.codemods(z).prefault({}),
    parity: SECTIONS.parity(z).prefault({}),
  });
}

export type CapkitConfig = z.output<ReturnType<typeof buildConfigSchema>>;

let schema: ReturnType<typeof buildConfigSchema> | undefined;

/** The schema, built (and zod loaded) on first use. */
export function getConfigSchema(): ReturnType<typeof buildConfigSchema> {
  schema ??= buildConfigSchema(getZod());
  return schema;
}
