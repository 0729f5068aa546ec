/**
 * Capability specs of the "desk" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const archiveNoteSpec: CapabilitySpec = {
  name: "archive_note",
  description: "Archive one note.",
  inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  category: "write",
};

export const listNotesSpec: CapabilitySpec = {
  name: "list_notes",
  description: "List the user's notes matching a query.",
  inputSchema: { type: "object", properties: { q: { type: "string" } } },
  category: "read",
};

export const deskSpecs: readonly CapabilitySpec[] = [
  archiveNoteSpec,
  listNotesSpec,
];
