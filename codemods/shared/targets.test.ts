import { describe, expect, it } from "vitest";
import { runtimeSpecifier } from "./targets.js";

describe("runtimeSpecifier: the runtime import as a migrated file writes it", () => {
  it("keeps a package specifier", () => {
    expect(runtimeSpecifier("packages/agents/src/capabilities/email.ts", "capkit/runtime")).toBe("capkit/runtime");
  });

  it("makes a root-relative source path relative, ending in .js", () => {
    expect(runtimeSpecifier("packages/agents/src/capabilities/email.ts", "./packages/runtime/src/index.ts")).toBe(
      "../../../runtime/src/index.js",
    );
    expect(runtimeSpecifier("packages/agents/src/capabilities/email.ts", "./packages/runtime/src/index")).toBe(
      "../../../runtime/src/index.js",
    );
  });

  it("keeps a runtime already named by its .js file (no .js.js)", () => {
    expect(runtimeSpecifier("packages/agents/src/capabilities/email.ts", "./packages/runtime/dist/index.js")).toBe(
      "../../../runtime/dist/index.js",
    );
  });
});
