import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fg from "fast-glob";
import { ModuleGraph } from "../inventory/resolve/module-graph.js";
import { createResolver } from "../rules/graph/resolve-import.js";
import { createSpecifierResolution, probe, twinOf } from "./specifier-resolution.js";
import { listWorkspacePackages } from "./workspace-aliases.js";

const REPO = join(import.meta.dirname, "..");

describe("specifier resolution rules", () => {
  const files = new Set(["pkg/src/a.ts", "pkg/src/b/index.tsx", "pkg/lib.ts", "pkg/src/c.mts", "app/x.ts"]);
  const rules = createSpecifierResolution({
    exists: (p) => files.has(p),
    packages: [
      { name: "@s/pkg", dir: "pkg", entry: null },
      {
        name: "@s/pkg-extra",
        dir: "extra",
        entry: null,
        exports: [{ key: "./*", targets: ["./dist/*.js", "./src/*.ts"] }],
      },
    ],
    aliases: [{ prefix: "~/", wildcard: true, targets: ["pkg/src/*"] }],
  });

  it("lists bases in order: relative, alias, a package's exports targets, then src/<sub> before <sub>", () => {
    expect(rules.candidateBases("app/x.ts", "../pkg/src/a.js")).toEqual(["pkg/src/a.js"]);
    expect(rules.candidateBases("app/x.ts", "~/a")).toEqual(["pkg/src/a"]);
    expect(rules.candidateBases("app/x.ts", "@s/pkg")).toEqual(["pkg/src/index", "pkg/index"]);
    expect(rules.candidateBases("app/x.ts", "@s/pkg/lib")).toEqual(["pkg/src/lib", "pkg/lib"]);
    // The longer package name wins over its prefix.
    expect(rules.candidateBases("app/x.ts", "@s/pkg-extra/q")).toEqual([
      "extra/dist/q.js",
      "extra/src/q.ts",
      "extra/src/q",
      "extra/q",
    ]);
    expect(rules.candidateBases("app/x.ts", "react")).toBeNull();
  });

  it("probes a .js name's TypeScript twin first, then extensions, then index files", () => {
    expect(probe("pkg/src/a.js", (p) => files.has(p))).toBe("pkg/src/a.ts");
    expect(probe("pkg/src/c.mjs", (p) => files.has(p))).toBe("pkg/src/c.mts");
    expect(probe("pkg/src/b", (p) => files.has(p))).toBe("pkg/src/b/index.tsx");
    expect(rules.resolve("app/x.ts", "@s/pkg/lib")).toBe("pkg/lib.ts");
    expect(twinOf("pkg/src/missing.js")).toBe("pkg/src/missing.ts");
  });

  it("gives the inventory's module graph and the lint's resolver the same answers on a workspace with exports maps", async () => {
    const root = join(REPO, "inventory", "__fixtures__", "workspace-exports");
    const known = await fg(["packages/**/*.ts"], { cwd: root });
    const packages = listWorkspacePackages(root).map((p) => ({
      name: p.name,
      dir: p.dir,
      entry: p.entry.slice(root.length + 1),
      ...(p.exports ? { exports: p.exports } : {}),
    }));
    const graph = new ModuleGraph(new Map(), known, packages);
    const lint = createResolver(root, { files: new Set(known.map((f) => join(root, f))) });
    const specifiers = [
      "@scope/agents",
      "@scope/agents/base",
      "@scope/agents/tools",
      "@scope/agents/tools/http-tool.js",
      "@scope/agents/kit/http-tool",
      "@scope/agents/legacy",
      "./main.js",
      "../../agents/src/tools/index.js",
      "@scope/missing",
    ];
    const from = "packages/web/src/kit.ts";
    let resolved = 0;
    for (const s of specifiers) {
      const viaGraph = graph.resolveSpecifier(from, s);
      const viaLint = lint.resolve(join(root, from), s);
      expect(viaLint, s).toBe(viaGraph === null ? null : join(root, viaGraph));
      if (viaGraph) resolved++;
    }
    expect(resolved).toBeGreaterThanOrEqual(7);
  });
});
