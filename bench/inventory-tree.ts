/**
 * Generates the synthetic monorepo for bench/inventory.bench.ts: plain TypeScript padded to a
 * realistic size, Tool subclasses spread over packages (named, aliased and workspace-package
 * imports; some indirect through an intermediate base), per-package belt builders called from
 * getAllMcpTools, and distractors (`T extends Tool<…>` constraints, interfaces, other class
 * hierarchies, commented-out subclasses). Returns the counts a correct scan must report.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export interface TreeSpec {
  readonly files: number;
  readonly avgBytes: number;
}

export interface TreeExpectation {
  readonly direct: number;
  readonly directFiles: number;
  readonly indirect: number;
  readonly capability: number;
  readonly files: number;
  readonly bytes: number;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const PACKAGES = 40;
const TOOL_FILES = 250;
const GENERIC_FILES = 300;
const OTHER_CLASS_FILES = 600;

function padding(rand: () => number, tag: string, bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const name = `${tag}_${i}`;
    const chunk = `
/** Accumulates a weighted window for ${name}; keeps the last ${Math.floor(rand() * 90) + 10} samples. */
export function compute_${name}(input: readonly number[], options: { scale: number; offset?: number } = { scale: 1 }): number {
  let total = options.offset ?? 0;
  const seen = new Map<number, number>();
  for (let k = 0; k < input.length; k++) {
    const value = input[k] ?? 0;
    seen.set(k % 13, (seen.get(k % 13) ?? 0) + value);
    total += value * options.scale + (k % ${Math.floor(rand() * 11) + 2});
  }
  if (total > ${Math.floor(rand() * 10000)}) {
    return [...seen.values()].reduce((a, b) => a + b, 0) / Math.max(1, seen.size);
  }
  return total;
}

export interface Record_${name} {
  readonly id: string;
  readonly label: string;
  readonly weight: number;
  readonly tags: readonly string[];
}
`;
    parts.push(chunk);
    size += chunk.length;
  }
  return parts.join("");
}

const BASE = `export interface ProcessingContext { readonly user: string }
export abstract class Tool<P = Record<string, unknown>> {
  abstract readonly name: string;
  abstract readonly description: string;
  abstract process(context: ProcessingContext, params: P): Promise<unknown>;
}
`;

/** Tool `c` of namespace `t`: a class over `base` with a wire name, a description and a process. */
function toolClassText(name: string, base: string, t: number, c: number): string {
  return `
export class ${name} extends ${base} {
  readonly name = "ns${t}_op${c}";
  readonly description = "Operation ${c} of namespace ${t}";
  async process(_context: unknown, params: Record<string, unknown>): Promise<unknown> {
    return { echo: params, at: compute_t${t}_0([1, 2, 3]) };
  }
}
`;
}

/** A package's belt: `fn()` returns one instance of every tool class of its files. */
function beltText(fn: string, list: readonly { file: string; classes: string[] }[]): string {
  const imports = list.map((l) => `import { ${l.classes.join(", ")} } from "${l.file}";`).join("\n");
  const news = list.flatMap((l) => l.classes.map((c) => `new ${c}()`)).join(", ");
  return `${imports}\n\nexport function ${fn}() {\n  return [${news}];\n}\n`;
}

export function generateTree(root: string, spec: TreeSpec): TreeExpectation {
  const rand = rng(42);
  let bytes = 0;
  let files = 0;
  const write = (rel: string, text: string) => {
    const full = join(root, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
    bytes += Buffer.byteLength(text);
    files++;
  };
  const size = () => Math.floor(spec.avgBytes * (0.4 + rand() * 1.2));
  const pkg = (i: number) => `packages/pkg-${String(i).padStart(2, "0")}`;

  write("packages/agents/package.json", '{ "name": "@bench/agents", "exports": { ".": "./src/index.ts" } }\n');
  write(
    "packages/agents/src/index.ts",
    'export * from "./tools/base-tool.js";\nexport * from "./tools/http-base.js";\n',
  );
  write("packages/agents/src/tools/base-tool.ts", BASE);
  write(
    "packages/agents/src/tools/http-base.ts",
    'import { Tool } from "./base-tool.js";\n\nexport abstract class HttpTool extends Tool {\n  protected readonly baseUrl = "https://example.test";\n}\n',
  );
  let direct = 1;
  const directFiles = new Set(["packages/agents/src/tools/http-base.ts"]);
  let indirect = 0;
  // The abstract HttpTool is never constructed; its subclasses are all belt-assembled, so it is capability-shaped too.
  let capability = 1;
  const beltCalls: { pkg: number; fn: string }[] = [];
  const perPkg = new Map<number, { file: string; classes: string[] }[]>();
  for (let t = 0; t < TOOL_FILES; t++) {
    const p = t % PACKAGES;
    const rel = `${pkg(p)}/src/tools/ns${t}-tools.ts`;
    const alias = t % 3 === 1;
    const baseName = alias ? "BaseTool" : "Tool";
    const head = `import { ${alias ? "Tool as BaseTool" : "Tool"}, HttpTool } from "@bench/agents";\n`;
    const classes: string[] = [];
    let body = "";
    for (let c = 0; c < 3; c++) {
      const name = `Ns${t}Op${c}Tool`;
      const viaHttp = c === 2 && t % 5 === 0;
      body += toolClassText(name, viaHttp ? "HttpTool" : baseName, t, c);
      classes.push(name);
      if (viaHttp) indirect++;
      else direct++;
    }
    directFiles.add(rel);
    capability += 3;
    write(rel, `${head}${body}${padding(rand, `t${t}`, size())}`);
    perPkg.set(p, [...(perPkg.get(p) ?? []), { file: `./tools/ns${t}-tools.js`, classes }]);
  }
  for (const [p, list] of perPkg) {
    const fn = `getPkg${p}Tools`;
    write(`${pkg(p)}/src/belt.ts`, beltText(fn, list));
    write(`${pkg(p)}/package.json`, `{ "name": "@bench/pkg-${p}", "exports": { ".": "./src/belt.ts" } }\n`);
    beltCalls.push({ pkg: p, fn });
  }
  write(
    "packages/agents/src/tools/mcp-tools.ts",
    `${beltCalls.map((b) => `import { ${b.fn} } from "@bench/pkg-${b.pkg}";`).join("\n")}\n\nexport function getAllMcpTools() {\n  return [${beltCalls.map((b) => `...${b.fn}()`).join(", ")}];\n}\n`,
  );
  for (let g = 0; g < GENERIC_FILES; g++) {
    write(
      `${pkg(g % PACKAGES)}/src/lib/registry-${g}.ts`,
      `import type { Tool } from "@bench/agents";\n\n// class Legacy${g}Tool extends Tool {}\nexport function register${g}<T extends Tool<{ id: number }>>(tool: T): T {\n  return tool;\n}\nexport class Holder${g}<T extends Tool = Tool> {\n  items: T[] = [];\n}\n${padding(rand, `g${g}`, size())}`,
    );
  }
  for (let o = 0; o < OTHER_CLASS_FILES; o++) {
    write(
      `${pkg(o % PACKAGES)}/src/models/model-${o}.ts`,
      `import { EventEmitter } from "node:events";\n\nexport class Model${o} extends EventEmitter {\n  private readonly cache = new Map<string, number>();\n}\nexport interface Shape${o} extends Record<string, unknown> { id: string }\n${padding(rand, `o${o}`, size())}`,
    );
  }
  for (let i = 0; files < spec.files; i++) {
    write(
      `${pkg(i % PACKAGES)}/src/util/util-${i}.ts`,
      `import { readFileSync } from "node:fs";\n\nexport const STARTED_${i} = new Date(0);\n${padding(rand, `u${i}`, size())}`,
    );
  }
  return { direct, directFiles: directFiles.size, indirect, capability, files, bytes };
}
