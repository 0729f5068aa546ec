import { describe, expect, it } from "vitest";
import { ProcessingContext } from "../context.js";
import { toolForCapabilityName } from "../capabilities/registry.js";

describe("read_file", () => {
  it("reads a file the workspace holds", async () => {
    const context = new ProcessingContext({ files: { "a.txt": "hello" } });
    const tool = toolForCapabilityName("read_file");
    expect(await tool.process(context, { path: "a.txt" })).toEqual({ path: "a.txt", content: "hello" });
  });
});
