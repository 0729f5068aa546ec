/** Implementations of the notes module. */
import type { CapabilityModule, CapabilityRun } from "capkit/runtime";
import type { NotesContext } from "../context.js";
import { addNoteSpec, listNotesSpec } from "./notes.specs.js";

async function listNotes(run: CapabilityRun<NotesContext>, args: Record<string, unknown>) {
  const query = typeof args["query"] === "string" ? args["query"] : "";
  const limit = typeof args["limit"] === "number" ? args["limit"] : 10;
  const notes = run.context.notes.filter((n) => n.text.includes(query)).slice(0, limit);
  return { notes, total: notes.length };
}

async function addNote(run: CapabilityRun<NotesContext>, args: Record<string, unknown>) {
  const note = { id: run.context.nextId("note"), text: String(args["text"]), at: run.context.now() };
  run.context.notes.push(note);
  return { created: note };
}

export const module: CapabilityModule<NotesContext> = {
  module: "notes",
  exports: [
    { spec: listNotesSpec, impl: listNotes },
    { spec: addNoteSpec, impl: addNote },
  ],
};
