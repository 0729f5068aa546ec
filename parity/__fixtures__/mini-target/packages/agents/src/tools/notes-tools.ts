/** The old Tool classes of the mini target. */
import type { NotesContext } from "../context.js";
import { Tool } from "./base-tool.js";

export type Macros = Record<string, (input: string) => string>;
export interface HttpLike {
  get(url: string): string;
}

export class ListNotesTool extends Tool {
  readonly name = "list_notes";
  readonly description = "List notes, optionally filtered.";
  override jsonSchema = { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } } };
  async process(context: NotesContext, params: Record<string, unknown>) {
    const query = typeof params["query"] === "string" ? params["query"] : "";
    const limit = typeof params["limit"] === "number" ? params["limit"] : 10;
    const notes = context.notes.filter((n) => n.text.includes(query)).slice(0, limit);
    return { notes, total: notes.length };
  }
}

export class AddNoteTool extends Tool {
  readonly name = "add_note";
  readonly description = "Add a note.";
  override jsonSchema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
  async process(context: NotesContext, params: Record<string, unknown>) {
    const note = { id: context.nextId("note"), text: String(params["text"]), at: context.now() };
    context.notes.push(note);
    return { created: note };
  }
}

export class RunMacroTool extends Tool {
  readonly name = "run_macro";
  readonly description = "Run a named text macro.";
  override jsonSchema = { type: "object", properties: { name: { type: "string" }, input: { type: "string" } }, required: ["name"] };
  constructor(private readonly macros: Macros) {
    super();
  }
  async process(_context: NotesContext, params: Record<string, unknown>) {
    const macro = this.macros[String(params["name"])];
    if (!macro) return { error: "unknown_macro", name: params["name"] };
    return { output: macro(String(params["input"] ?? "")) };
  }
}

export class FetchUrlTool extends Tool {
  readonly name = "fetch_url";
  readonly description = "Fetch a URL.";
  override jsonSchema = { type: "object", properties: { url: { type: "string" } }, required: ["url"] };
  constructor(private readonly http: HttpLike) {
    super();
  }
  async process(_context: NotesContext, params: Record<string, unknown>) {
    return { body: this.http.get(String(params["url"])) };
  }
}
