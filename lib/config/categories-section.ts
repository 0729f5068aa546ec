/** `categories`: where permission categories come from. */
import type { ZodApi } from "./zod.js";
import { PERMISSION_CATEGORIES, type PermissionCategory } from "../kinds.js";

export const CATEGORIES_DEFAULTS = {
  map: "TOOL_PERMISSION_CATEGORIES",
  fallback: "external" as PermissionCategory,
  overrides: {} as Record<string, PermissionCategory>,
};

export const categoriesSection = (z: ZodApi) =>
  z.strictObject({
    /** Name of the const object literal mapping wire name → category in the scanned code. */
    map: z.string().min(1).default(CATEGORIES_DEFAULTS.map),
    /** Category of a wire name the map does not list (flagged categorySource "fallback"). */
    fallback: z.enum(PERMISSION_CATEGORIES).default(CATEGORIES_DEFAULTS.fallback),
    /** Wire name → category, wins over the map. */
    overrides: z.record(z.string(), z.enum(PERMISSION_CATEGORIES)).default(CATEGORIES_DEFAULTS.overrides),
  });
