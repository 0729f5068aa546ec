import { describe, expect, it } from "vitest";
import { validateArguments } from "../runtime/validate.js";
import { generateInputs, sampleValue } from "./inputs.js";
import { IGNORED, canonical, firstDifference, maskNondeterministic, outcomeOf, stableJson } from "./normalize.js";

describe("outcomes are compared as canonical JSON data", () => {
  it("sorts keys, drops undefined and functions, serialises dates, keeps array order", () => {
    const value = { b: 1, a: [3, undefined, { d: new Date(Date.UTC(2026, 0, 1)), c: () => 1 }], z: undefined };
    expect(canonical(value)).toEqual({ a: [3, null, { d: "2026-01-01T00:00:00.000Z" }], b: 1 });
    expect(stableJson({ y: 1, x: { b: 2, a: 1 } })).toBe('{\n  "x": {\n    "a": 1,\n    "b": 2\n  },\n  "y": 1\n}\n');
  });

  it("invalid-argument payloads of either side become one marker; throws keep their message", () => {
    const old = {
      error: "invalid_tool_arguments",
      tool: "add_note",
      message: "Invalid arguments for add_note: text: required",
      issues: [],
    };
    const now = {
      error: "invalid_tool_arguments",
      capability: "add_note",
      message: "The arguments for add_note do not match",
      issues: ["text: required"],
    };
    expect(outcomeOf({ value: old })).toEqual(outcomeOf({ value: now }));
    expect(outcomeOf({ thrown: new TypeError("boom") })).toEqual({ $threw: "boom" });
    expect(outcomeOf({ value: undefined })).toBeNull();
  });

  it("masks declared paths: bare keys at any depth, wildcards, and per-capability patterns", () => {
    const out = {
      id: "job-1",
      jobs: [
        { id: "a", created_at: "t1" },
        { id: "b", created_at: "t2" },
      ],
    };
    expect(maskNondeterministic("list_jobs", out, ["created_at"])).toEqual({
      id: "job-1",
      jobs: [
        { id: "a", created_at: IGNORED },
        { id: "b", created_at: IGNORED },
      ],
    });
    expect(maskNondeterministic("list_jobs", out, ["list_jobs:jobs[*].id"])).toEqual({
      id: "job-1",
      jobs: [
        { id: IGNORED, created_at: "t1" },
        { id: IGNORED, created_at: "t2" },
      ],
    });
    expect(maskNondeterministic("get_job", out, ["list_jobs:jobs[*].id"])).toEqual(out);
    expect(maskNondeterministic("x", out, ["**.id"])).toMatchObject({
      id: IGNORED,
      jobs: [{ id: IGNORED }, { id: IGNORED }],
    });
  });

  it("names the first differing path", () => {
    expect(firstDifference({ a: [1, { b: "x" }] }, { a: [1, { b: "y" }] })).toBe('at $.a[1].b: expected "x", got "y"');
    expect(firstDifference({ a: 1 }, { a: 1, "b-c": 2 })).toBe('at $["b-c"]: expected (missing), got 2');
    expect(firstDifference([1, 2], [1, 2])).toBeNull();
    expect(firstDifference({ a: [] }, { a: {} })).toBe("at $.a: expected [], got {}");
  });
});

describe("inputs generated from an input schema", () => {
  const schema = {
    type: "object",
    properties: {
      workflow_type: { type: "string", enum: ["user", "example"] },
      limit: { type: "integer", minimum: 1 },
      tags: { type: "array", items: { type: "string" } },
      graph: {
        type: "object",
        properties: {
          nodes: { type: "array", items: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
        },
        required: ["nodes"],
      },
      flag: { type: "boolean", default: true },
      id: { type: "string" },
    },
    required: ["id", "graph"],
  };

  it("minimal fills the required fields, full fills every field, deterministically", () => {
    const inputs = generateInputs(schema);
    expect(inputs).toEqual([
      { kind: "minimal", args: { graph: { nodes: [] }, id: "sample-id" } },
      {
        kind: "full",
        args: {
          workflow_type: "user",
          limit: 1,
          tags: ["sample-tags"],
          graph: { nodes: [{ id: "sample-id" }] },
          flag: true,
          id: "sample-id",
        },
      },
    ]);
    expect(generateInputs(schema)).toEqual(inputs);
    const spec = { name: "x", description: "x", inputSchema: schema, category: "read" as const };
    for (const i of inputs) expect(validateArguments(spec, i.args).ok).toBe(true);
  });

  it("prefers const, default, enum and examples over type samples, and dedupes identical inputs", () => {
    expect(sampleValue({ const: 7 }, "full")).toBe(7);
    expect(sampleValue({ type: "string", examples: ["wf-1"] }, "full")).toBe("wf-1");
    expect(sampleValue({ anyOf: [{ type: "null" }, { type: "number", maximum: 0 }] }, "full")).toBe(0);
    expect(generateInputs({ type: "object", properties: {} })).toEqual([{ kind: "minimal", args: {} }]);
  });
});
