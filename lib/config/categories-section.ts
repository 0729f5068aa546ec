/** `categories`: where permission categories come from. */
import { z } from "zod";
import { PERMISSION_CATEGORIES } from "../kinds.js";

export const categoriesSection = z.strictObject({
  /** Name of the const object literal mapping wire name → category in the scanned code. */
  map: z.string().min(1).default("TOOL_PERMISSION_CATEGORIES"),
  /** Category of a wire name the map does not list (flagged categorySource "fallback"). */
  fallback: z.enum(PERMISSION_CATEGORIES).default("external"),
  /** Wire name → category, wins over the map. */
  overrides: z.record(z.string(), z.enum(PERMISSION_CATEGORIES)).default({}),
});
