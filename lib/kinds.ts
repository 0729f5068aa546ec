/**
 * The two vocabularies every job shares: the kinds the inventory sorts `Tool` subclasses into,
 * and the permission categories a capability declares. This is their one home for capkit's
 * own code: config sections, the inventory, the codemods, the reporters and the parity harness
 * import them from here.
 *
 * The categories are the runtime gate's vocabulary, and `runtime/` is the published,
 * dependency-free entry that imports nothing outside itself, so their literal list lives in
 * runtime/permission-types.ts (no imports of its own) and is re-exported here. That file is
 * the one job file lib/ may read; capkit.config.json declares the carve-out and why.
 */
export { PERMISSION_CATEGORIES, type PermissionCategory } from "../runtime/permission-types.js";

export const KINDS = [
  "capability",
  "loop-protocol",
  "supervisor",
  "infrastructure",
  "sandbox-pack",
  "run-memory",
  "host-bridge",
  "unclassified",
] as const;
export type Kind = (typeof KINDS)[number];
