/** Specs of the notes module (data only). */
import type { CapabilitySpec } from "capkit/runtime";

export const listNotesSpec: CapabilitySpec = {
  name: "list_notes",
  description: "List notes, optionally filtered.",
  inputSchema: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } } },
  category: "read",
};

export const addNoteSpec: CapabilitySpec = {
  name: "add_note",
  description: "Add a note.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  category: "write",
};

export const notesSpecs = [listNotesSpec, addNoteSpec];
