/**
 * `npm run bench -- lint`: capkit's seam + cycle lint against eslint-plugin-import-x's
 * `no-cycle` (ESLint 10) and dependency-cruiser's circular check, on one generated
 * NodeTool-shaped monorepo in os.tmpdir() (BENCH_FILES files, default 3000: import chains,
 * workspace-package imports, planted cycles across the seam, some reaching a top-level await).
 * Every tool runs in its own fresh process (no warm caches), BENCH_RUNS times (default 1),
 * alternating; the median is reported, with ratios measured in the same run.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CAPKIT_BIN } from "./capkit-bin.js";

const SELF = fileURLToPath(import.meta.url);
const CAPKIT = join(dirname(SELF), "..");
const ROLES = ["tools", "capabilities", "util"] as const;

/** Deterministic PRNG (mulberry32) so every run lints the same tree. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Planted {
  files: number;
  cycles: number;
}

function generate(root: string, totalFiles: number): Planted {
  const rand = rng(42);
  const perPackage = 150;
  const packages = Math.max(1, Math.round(totalFiles / perPackage));
  const roleOf = (i: number) => ROLES[i % 5 < 2 ? 0 : i % 5 < 4 ? 1 : 2] as (typeof ROLES)[number];
  const fileOf = (i: number) => `src/${roleOf(i)}/m${i}.ts`;
  const rel = (from: number, to: number) => `../${roleOf(to)}/m${to}.js`;
  let cycles = 0;
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ name: "bench-monorepo", private: true, type: "module", workspaces: ["packages/*"] }),
  );
  writeFileSync(join(root, "capkit.config.json"), JSON.stringify({ seam: {} }));
  mkdirSync(join(root, "node_modules", "@bench"), { recursive: true });
  for (let p = 0; p < packages; p++) {
    const dir = join(root, "packages", `pkg${p}`);
    for (const role of ROLES) mkdirSync(join(dir, "src", role), { recursive: true });
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: `@bench/pkg${p}`, type: "module", exports: { ".": "./src/index.ts" } }),
    );
    symlinkSync(dir, join(root, "node_modules", "@bench", `pkg${p}`), "dir");
    writeFileSync(
      join(dir, "src", "index.ts"),
      [0, 1, 2].map((i) => `export { f${i} } from "./${roleOf(i)}/m${i}.js";\n`).join(""),
    );
    // Back edges (cycles): two per package; the first is a tools/ → capabilities/ import
    // that closes a cycle across the seam, the second lands anywhere.
    const back = new Map<number, number>();
    const seamTo = 5 * (1 + Math.floor(rand() * (perPackage / 5 - 8))) + 2;
    back.set(seamTo + 3 + 5 * Math.floor(rand() * 3), seamTo);
    const to = 5 + Math.floor(rand() * (perPackage - 40));
    back.set(to + 3 + Math.floor(rand() * 12), to);
    cycles += 2;
    for (let i = 0; i < perPackage; i++) {
      const lines = [`// package ${p}, module ${i}`];
      const targets = new Set<number>();
      // The chain: every module reaches the later ones (tools skip over capabilities via util).
      targets.add(roleOf(i) === "tools" && roleOf(i + 1) === "capabilities" ? i + 3 : i + 1);
      if (roleOf(i) === "util") targets.add(i + 3);
      for (let k = 0; k < 2; k++) targets.add(i + 1 + Math.floor(rand() * 30));
      for (const t of targets) {
        if (t >= perPackage || (roleOf(i) === "tools" && roleOf(t) === "capabilities")) continue;
        lines.push(`import { f${t} } from "${rel(i, t)}";`);
      }
      const backTo = back.get(i);
      if (backTo !== undefined) lines.push(`import { f${backTo} } from "${rel(i, backTo)}";`);
      lines.push(`import type { Shape${(i + 7) % perPackage} } from "${rel(i, (i + 7) % perPackage)}";`);
      if (p + 1 < packages && i % 10 === 0) lines.push(`import { f0 as ext${i} } from "@bench/pkg${p + 1}";`);
      if (i % 37 === 0) lines.push(`export const CONFIG${i} = await Promise.resolve({ id: ${i} });`);
      lines.push(`export interface Shape${i} { id: number; name: string; tags: readonly string[] }`);
      for (let k = 0; k < 8; k++) {
        lines.push(
          `export function helper${i}_${k}(input: Shape${i}): string {`,
          `  const parts = input.tags.map((t) => \`\${t}:${k}\`);`,
          `  return parts.join(",") + input.name;`,
          `}`,
        );
      }
      const calls = [...targets, backTo].filter(
        (t): t is number =>
          t !== undefined && t < perPackage && !(roleOf(i) === "tools" && roleOf(t) === "capabilities" && t !== backTo),
      );
      lines.push(
        `export function f${i}(): number {`,
        `  return ${[...calls.map((t) => `(typeof f${t} === "function" ? 1 : 0)`), "0"].join(" + ")};`,
        `}`,
      );
      writeFileSync(join(dir, fileOf(i)), `${lines.join("\n")}\n`);
    }
  }
  return { files: packages * (perPackage + 1), cycles };
}

interface Measure {
  ms: number;
  found: number;
}

async function worker(tool: string, root: string): Promise<Measure> {
  if (tool === "capkit") {
    const { runLint } = await import("../rules/engine/lint-engine.js");
    const t = performance.now();
    const r = await runLint(root);
    return { ms: performance.now() - t, found: r.violations.length };
  }
  if (tool === "eslint-parse" || tool === "import-x") {
    const { ESLint } = await import("eslint");
    const parserModule = await import("@typescript-eslint/parser");
    const tsParser = "parseForESLint" in (parserModule.default ?? {}) ? parserModule.default : parserModule;
    const importX = await import("eslint-plugin-import-x");
    const plugin = (importX as unknown as { default: Record<string, unknown> }).default ?? importX;
    const { createNodeResolver } = importX as unknown as {
      createNodeResolver: (o: Record<string, unknown>) => unknown;
    };
    const rules = tool === "import-x" ? { "import-x/no-cycle": "error" } : {};
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tsParser },
          plugins: { "import-x": plugin },
          settings: {
            "import-x/resolver-next": [
              createNodeResolver({ extensions: [".ts", ".js"], extensionAlias: { ".js": [".ts", ".js"] } }),
            ],
            "import-x/extensions": [".ts", ".js"],
            "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
          },
          rules,
        },
      ] as never,
    });
    const t = performance.now();
    const results = await eslint.lintFiles(["**/*.ts"]);
    const found = results.reduce((n, r) => n + r.messages.filter((m) => m.ruleId === "import-x/no-cycle").length, 0);
    const fatal = results.flatMap((r) => r.messages.filter((m) => m.fatal));
    if (fatal.length)
      throw new Error(
        `parse errors: ${fatal[0]?.message} at ${fatal[0]?.line}:${fatal[0]?.column} (${fatal.length} files) in ${results.find((r) => r.messages.some((m) => m.fatal))?.filePath}`,
      );
    return { ms: performance.now() - t, found };
  }
  if (tool === "depcruise") {
    const { cruise } = await import("dependency-cruiser");
    const t = performance.now();
    const out = await cruise(
      ["packages"],
      {
        baseDir: root,
        validate: true,
        ruleSet: { forbidden: [{ name: "no-circular", severity: "error", from: {}, to: { circular: true } }] },
        doNotFollow: { path: "node_modules" },
      } as never,
      { extensionAlias: { ".js": [".ts", ".js"] } } as never,
    );
    const summary = (out.output as { summary: { violations: unknown[] } }).summary;
    return { ms: performance.now() - t, found: summary.violations.length };
  }
  throw new Error(`unknown tool ${tool}`);
}

function measure(tool: string, root: string): Measure {
  if (tool === "capkit-cli") {
    const t = performance.now();
    const r = spawnSync(process.execPath, [CAPKIT_BIN, "lint", root, "--json"], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    const ms = performance.now() - t;
    if (r.status !== 0 && r.status !== 1) throw new Error(`capkit lint failed: ${r.stderr}`);
    return { ms, found: (JSON.parse(r.stdout) as { violations: unknown[] }).violations.length };
  }
  const r = spawnSync(process.execPath, ["--import", "tsx", SELF, "--worker", tool, root], {
    encoding: "utf8",
    cwd: CAPKIT,
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) throw new Error(`${tool} worker failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop() as string) as Measure;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === "--worker") {
    process.stdout.write(`${JSON.stringify(await worker(argv[1] as string, argv[2] as string))}\n`);
    return;
  }
  const total = Number(process.env["BENCH_FILES"] ?? 3000);
  const runs = Number(process.env["BENCH_RUNS"] ?? 1);
  const root = mkdtempSync(join(tmpdir(), "capkit-lint-bench-"));
  try {
    const planted = generate(root, total);
    console.log(`tree: ${planted.files} files, ${planted.cycles} planted back edges (cycles), ${runs} run(s) each`);
    const tools = ["capkit", "capkit-cli", "eslint-parse", "import-x", "depcruise"];
    const samples = new Map<string, Measure[]>(tools.map((t) => [t, []]));
    for (let i = 0; i < runs; i++) for (const t of tools) samples.get(t)?.push(measure(t, root));
    const med = new Map(tools.map((t) => [t, median((samples.get(t) ?? []).map((m) => m.ms))]));
    const label: Record<string, string> = {
      capkit: "capkit lint engine (4 rules, in-process)",
      "capkit-cli": "capkit lint CLI (process start to exit)",
      "eslint-parse": "ESLint + TS parser, no rules (parse floor)",
      "import-x": "ESLint + import-x/no-cycle",
      depcruise: "dependency-cruiser no-circular (API)",
    };
    for (const t of tools)
      console.log(
        `${label[t]?.padEnd(44)} ${(med.get(t) as number).toFixed(0).padStart(7)} ms   reports: ${samples.get(t)?.[0]?.found}`,
      );
    const capkit = med.get("capkit") as number;
    const cli = med.get("capkit-cli") as number;
    const noCycle = med.get("import-x") as number;
    const rule = noCycle - (med.get("eslint-parse") as number);
    console.log(`ratio import-x no-cycle / capkit engine:  ${(noCycle / capkit).toFixed(1)}×  (goal ≥ 10×)`);
    console.log(`ratio import-x no-cycle / capkit CLI:     ${(noCycle / cli).toFixed(1)}×`);
    console.log(`ratio no-cycle rule alone (minus parse) / capkit engine: ${(rule / capkit).toFixed(1)}×`);
    console.log(`ratio dependency-cruiser / capkit engine: ${((med.get("depcruise") as number) / capkit).toFixed(1)}×`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
