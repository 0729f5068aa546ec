import { describe, expect, it } from "vitest";
import { ProcessingContext } from "../context.js";
import { ReadFileTool } from "./files-tools.js";

describe("read_file", () => {
  it("reads a file the workspace holds", async () => {
    const context = new ProcessingContext({ files: { "a.txt": "hello" } });
    const tool = new ReadFileTool();
    expect(await tool.process(context, { path: "a.txt" })).toEqual({ path: "a.txt", content: "hello" });
  });
});
