/**
 * The config a repository without `capkit.config.json` gets, from each section's plain defaults
 * (the same values its zod schema defaults to; config.test.ts checks that they agree), so that
 * such a run never loads zod.
 */
import type { CapkitConfig } from "./schema.js";
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from "./scan-section.js";
import { BASE_DEFAULTS } from "./base-section.js";
import { CLASSIFY_DEFAULTS } from "./classify-section.js";
import { NAMESPACES_DEFAULTS } from "./namespaces-section.js";
import { CATEGORIES_DEFAULTS } from "./categories-section.js";
import { RATCHET_DEFAULTS } from "./ratchet-section.js";
import { DEFAULT_SEAM_CONFIG } from "./seam-section.js";
import { DEFAULT_CODEMODS_CONFIG } from "./codemods-section.js";
import { PARITY_DEFAULTS } from "./parity-section.js";

/** A fresh copy each call: callers may extend what they get. */
export function defaultConfig(): CapkitConfig {
  return structuredClone({
    scan: { include: DEFAULT_INCLUDE, exclude: DEFAULT_EXCLUDE },
    base: BASE_DEFAULTS,
    classify: CLASSIFY_DEFAULTS,
    namespaces: NAMESPACES_DEFAULTS,
    categories: CATEGORIES_DEFAULTS,
    ratchet: RATCHET_DEFAULTS,
    seam: DEFAULT_SEAM_CONFIG,
    codemods: DEFAULT_CODEMODS_CONFIG,
    parity: PARITY_DEFAULTS,
  });
}
