/**
 * The whole `capkit.config.json` schema: one strict object of sections, each defined in its own
 * `<name>-section.ts` as a function of zod (lib/config/zod.ts loads zod on first use, so a run
 * without a config file never does). To add a section, write `lib/config/<name>-section.ts`
 * exporting its plain defaults and a schema builder whose fields all default from them, and add
 * one line to SECTIONS, one to defaults.ts. Unknown top-level keys are an error.
 */
import type { z } from "zod";
import { scanSection } from "./scan-section.js";
import { baseSection } from "./base-section.js";
import { classifySection } from "./classify-section.js";
import { namespacesSection } from "./namespaces-section.js";
import { categoriesSection } from "./categories-section.js";
import { ratchetSection } from "./ratchet-section.js";
import { seamSection } from "./seam-section.js";
import { codemodsSection } from "./codemods-section.js";
import { paritySection } from "./parity-section.js";
import { getZod, type ZodApi } from "./zod.js";

/** The sections by name; each builds its schema from zod. */
export const SECTIONS = {
  scan: scanSection,
  base: baseSection,
  classify: classifySection,
  namespaces: namespacesSection,
  categories: categoriesSection,
  ratchet: ratchetSection,
  seam: seamSection,
  codemods: codemodsSection,
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
