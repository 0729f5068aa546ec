/** Deterministic context and host dependencies for the mini target. */
import { NotesContext } from "../src/context.js";

export function createFakeContext(): NotesContext {
  return new NotesContext([
    { id: "note-a", text: "buy milk", at: "2025-12-31T00:00:00.000Z" },
    { id: "note-b", text: "call bob", at: "2025-12-31T00:00:01.000Z" },
  ]);
}

export function createFakeDeps() {
  return {
    macros: { upper: (s: string) => s.toUpperCase(), reverse: (s: string) => [...s].reverse().join("") },
    http: { get: (url: string) => `GET ${url} -> 200` },
  };
}
