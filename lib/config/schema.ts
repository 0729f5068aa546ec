/**
 * The whole `capkit.config.json` schema: one strict object of sections, each defined in its own
 * `<name>-section.ts`. To add a section (the lint engineer's `seam`, the codemod engineer's
 * `codemods`), write `lib/config/<name>-section.ts` exporting a zod schema whose fields all
 * have defaults, and add one line to SECTIONS and one to configSchema below. Unknown top-level keys are an error.
 */
import { z } from "zod";
import { scanSection } from "./scan-section.js";
import { baseSection } from "./base-section.js";
import { classifySection } from "./classify-section.js";
import { namespacesSection } from "./namespaces-section.js";
import { categoriesSection } from "./categories-section.js";
import { ratchetSection } from "./ratchet-section.js";
import { seamSection } from "./seam-section.js";
import { codemodsSection } from "./codemods-section.js";
import { paritySection } from "./parity-section.js";

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
export const configSchema = z.strictObject({
  $schema: z.string().optional(),
  scan: SECTIONS.scan.prefault({}),
  base: SECTIONS.base.prefault({}),
  classify: SECTIONS.classify.prefault({}),
  namespaces: SECTIONS.namespaces.prefault({}),
  categories: SECTIONS.categories.prefault({}),
  ratchet: SECTIONS.ratchet.prefault({}),
  seam: SECTIONS.seam.prefault({}),
  codemods: SECTIONS.codemods.prefault({}),
  parity: SECTIONS.parity.prefault({}),
});

export type CapkitConfig = z.output<typeof configSchema>;
