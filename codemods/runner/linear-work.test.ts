/**
 * Migrate's work on one file grows linearly with the classes in it: the ts-morph wrappers it
 * asks for (every walk, lookup and rewrite goes through them) are counted for a generated file
 * of n and of 2n capability classes and a belt constructing each, and may at most about double.
 * A per-class scan of the file (what made time grow with the square of the classes) would
 * multiply them by about four. Counts, not times: the machine's load cannot move them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Project } from "ts-morph";
import { afterAll, describe, expect, it, vi } from "vitest";
import { defaultConfig } from "../../lib/config/index.js";
import { runMigration } from "./migrate.js";

const BASE =
  "export abstract class Tool {\n  abstract readonly name: string;\n  abstract readonly description: string;\n" +
  "  abstract readonly jsonSchema: Record<string, unknown>;\n" +
  "  abstract process(c: unknown, p: Record<string, unknown>): Promise<unknown>;\n}\n";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function generated(n: number): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-linear-"));
  roots.push(root);
  const dir = join(root, "packages/agents/src/tools");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "base-tool.ts"), BASE);
  const names = Array.from({ length: n }, (_, i) => `Gen${i}Tool`);
  const classes = names.map(
    (name, i) =>
      `\nexport class ${name} extends Tool {\n  readonly name = "gen_${i}";\n  readonly description = "Echo ${i}.";\n` +
      `  readonly jsonSchema = { type: "object", properties: { q: { type: "string" } } };\n` +
      `  async process(_c: unknown, p: Record<string, unknown>) {\n    return { echoed: p, n: ${i} };\n  }\n}\n`,
  );
  writeFileSync(join(dir, "many-tools.ts"), `import { Tool } from "./base-tool.js";\n${classes.join("")}`);
  writeFileSync(
    join(dir, "builtin-tools.ts"),
    `import { ${names.join(", ")} } from "./many-tools.js";\n\nexport function getBuiltinTools() {\n  return [\n${names.map((x) => `    new ${x}(),\n`).join("")}  ];\n}\n`,
  );
  return root;
}

/** ts-morph's one door from a compiler node to its wrapper (CompilerFactory.getNodeFromCompilerNode). */
function wrapperDoor(): object {
  const sf = new Project({ useInMemoryFileSystem: true }).createSourceFile("/probe.ts", "const a = 1;");
  return Object.getPrototypeOf((sf as unknown as { _context: { compilerFactory: object } })._context.compilerFactory);
}

async function wrappersAsked(n: number): Promise<{ asked: number; converted: number }> {
  const root = generated(n);
  const spy = vi.spyOn(wrapperDoor() as { getNodeFromCompilerNode: () => unknown }, "getNodeFromCompilerNode");
  try {
    const r = await runMigration({ root, namespaces: "all", config: defaultConfig(), dryRun: true });
    return { asked: spy.mock.calls.length, converted: r.namespaces.reduce((k, x) => k + x.converted.length, 0) };
  } finally {
    spy.mockRestore();
  }
}

describe("migrate's work on one file of many classes", () => {
  it("at most about doubles when the classes double", async () => {
    const small = await wrappersAsked(150);
    const large = await wrappersAsked(300);
    expect([small.converted, large.converted]).toEqual([150, 300]);
    expect(small.asked).toBeGreaterThan(150);
    expect(large.asked / small.asked).toBeLessThanOrEqual(2.2);
  }, 60_000);
});
