/**
 * `capkit lint fixtures/nodetool-mini`: the NodeTool-shaped fixture in its "before" state
 * has no capabilities/ side yet, so the seam holds and nothing may be reported. A real
 * violation added to the fixture must show up here rather than be hidden.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../bin/capkit.js";
import { captureIO } from "../bin/test-support/cli-io.js";
import { FIXTURES } from "./test-support/rule-tester.js";

const REPO = join(FIXTURES, "..", "..");
const NODETOOL = join(REPO, "fixtures", "nodetool-mini");

describe.skipIf(!existsSync(NODETOOL))("capkit lint fixtures/nodetool-mini", () => {
  it("runs clean", async () => {
    const io = captureIO(REPO);
    const code = await main(["lint", "fixtures/nodetool-mini", "--json"], io);
    expect(io.err.join("")).toBe("");
    const json = JSON.parse(io.out.join("")) as { violations: unknown[]; files: number; seams: string[] };
    expect(json.violations).toEqual([]);
    expect(json.seams).toEqual(["tools-capabilities"]);
    expect(json.files).toBeGreaterThan(20);
    expect(code).toBe(0);
  });
});
