import { describe, expect, it } from "vitest";
import { DEFAULT_SEAM_CONFIG } from "../lib/config/seam-section.js";
import { VirtualTree } from "./plan.js";
import { allowReverseImport, EXCEPTION_REASONS } from "./seam-exceptions.js";

const REGISTRY = "packages/agents/src/capabilities/registry.ts";
const BELT = "packages/agents/src/tools/builtin-tools.ts";
const where = { seams: DEFAULT_SEAM_CONFIG.seams };

function tree(files: Record<string, string>): VirtualTree {
  return new VirtualTree(
    "/repo",
    (p) => files[p] ?? null,
    () => Object.keys(files),
  );
}

describe("seam exceptions migrate writes", () => {
  it("adds one to the config (kept indentation, other keys kept), once", () => {
    const t = tree({
      [REGISTRY]: 'import { Tool } from "../tools/base-tool.js";\n',
      [BELT]: "",
      "capkit.config.json": '{\n    "namespaces": { "byFile": {} }\n}\n',
    });
    const first = allowReverseImport(t, where, "x", BELT, REGISTRY, EXCEPTION_REASONS.beltAssembly);
    expect(first.refusal).toBeNull();
    expect(first.note).toContain("seam exception written to capkit.config.json");
    const written = JSON.parse(t.readOrThrow("capkit.config.json"));
    expect(written).toEqual({
      namespaces: { byFile: {} },
      seam: { exceptions: [{ from: BELT, reason: EXCEPTION_REASONS.beltAssembly }] },
    });
    expect(t.readOrThrow("capkit.config.json")).toContain('\n    "seam"');
    expect(allowReverseImport(t, where, "x", BELT, REGISTRY, EXCEPTION_REASONS.beltAssembly)).toEqual({
      note: null,
      refusal: null,
    });
  });

  it("writes into a named seam of `seams` when the config declares them", () => {
    const seams = [{ ...DEFAULT_SEAM_CONFIG.seams[0]!, name: "mine" }];
    const t = tree({
      [REGISTRY]: "",
      [BELT]: "",
      "capkit.config.json": JSON.stringify({ seam: { seams: [{ name: "mine", from: "a", to: "b" }] } }),
    });
    allowReverseImport(t, { seams }, "x", BELT, REGISTRY, "why");
    expect(JSON.parse(t.readOrThrow("capkit.config.json")).seam.seams[0].exceptions).toEqual([
      { from: BELT, reason: "why" },
    ]);
  });

  it("refuses with seam-cycle when the imported module reaches the file back statically", () => {
    const perms = "packages/agents/src/tools/tool-permissions.ts";
    const t = tree({
      [REGISTRY]:
        'import { TOOL_PERMISSION_CATEGORIES } from "../tools/tool-permissions.js";\nconst load = () => import("./files.js");\n',
      [perms]: 'import { gateTools } from "../capabilities/registry.js";\n',
    });
    const r = allowReverseImport(t, where, "x", perms, REGISTRY, EXCEPTION_REASONS.beltGating);
    expect(r.refusal?.code).toBe("seam-cycle");
    expect(r.refusal?.reason).toContain(`${REGISTRY} → ${perms}`);
    expect(t.read("capkit.config.json")).toBeNull();
  });

  it("ignores dynamic imports and type-only imports: they close no init-time cycle", () => {
    const mod = "packages/agents/src/capabilities/files.ts";
    const t = tree({
      [REGISTRY]: 'const load = () => import("./files.js");\nimport type { X } from "../tools/builtin-tools.js";\n',
      [mod]: 'import { helper } from "../tools/builtin-tools.js";\n',
      [BELT]: "",
    });
    expect(allowReverseImport(t, where, "x", BELT, REGISTRY, "why").refusal).toBeNull();
  });
});
