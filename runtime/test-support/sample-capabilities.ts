/**
 * A small capability table for the runtime's tests: two modules (notes: read/write; ops:
 * execute/external) whose loaders record every import and whose implementations count every
 * run, so a test can prove laziness and that nothing ran ungated.
 */
import type { CapabilityModule, CapabilitySpec } from "../index.js";
import { createCapabilityRegistry } from "../index.js";

export const listNotes: CapabilitySpec = {
  name: "list_notes",
  description: "List the notes in this session. Returns titles only.",
  inputSchema: { type: "object", properties: { limit: { type: "number" } } },
  category: "read",
  userMessage: (a) => `Listing ${a["limit"] ?? "all"} notes`,
};
export const addNote: CapabilitySpec = {
  name: "add_note",
  description: "Add a note.",
  inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
  category: "write",
};
export const runJob: CapabilitySpec = {
  name: "run_job",
  description: "Run a job by id.",
  inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  category: "execute",
  needsToolCallId: true,
};
export const fetchUrl: CapabilitySpec = {
  name: "fetch_url",
  description: "Fetch a URL.",
  inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
  category: "external",
};

export interface SampleWorld {
  readonly notes: string[];
  /** capability name → number of times its implementation ran */
  readonly implRuns: Map<string, number>;
  /** module keys in the order their loaders were called */
  readonly loads: string[];
}

export function sampleWorld(): SampleWorld {
  return { notes: ["first"], implRuns: new Map(), loads: [] };
}

function counted(world: SampleWorld, name: string, fn: (args: Record<string, unknown>) => unknown) {
  return async (_run: unknown, args: Record<string, unknown>) => {
    world.implRuns.set(name, (world.implRuns.get(name) ?? 0) + 1);
    return fn(args);
  };
}

export function sampleModules(world: SampleWorld): { notes: CapabilityModule; ops: CapabilityModule } {
  return {
    notes: {
      module: "notes",
      exports: [
        {
          spec: listNotes,
          impl: counted(world, "list_notes", (a) => world.notes.slice(0, (a["limit"] as number) ?? 100)),
        },
        {
          spec: addNote,
          impl: counted(world, "add_note", (a) => {
            world.notes.push(String(a["title"]));
            return { added: a["title"] };
          }),
        },
      ],
    },
    ops: {
      module: "ops",
      exports: [
        {
          spec: runJob,
          impl: counted(world, "run_job", (a) => ({ ran: a["id"], parent: a["parent_tool_call_id"] ?? null })),
        },
        {
          spec: fetchUrl,
          impl: counted(world, "fetch_url", (a) => {
            if (a["url"] === "boom") throw new Error("host exploded");
            return { status: 200, url: a["url"] };
          }),
        },
      ],
    },
  };
}

export function sampleRegistry(world: SampleWorld = sampleWorld()) {
  const modules = sampleModules(world);
  const registry = createCapabilityRegistry({
    notes: { loader: async () => (world.loads.push("notes"), modules.notes), specs: [listNotes, addNote] },
    ops: { loader: async () => (world.loads.push("ops"), modules.ops), specs: [runJob, fetchUrl] },
  });
  return { registry, world };
}

export function totalImplRuns(world: SampleWorld): number {
  return [...world.implRuns.values()].reduce((a, b) => a + b, 0);
}
