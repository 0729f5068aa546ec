/**
 * Generated trees for the scale benches (inventory-scale, migrate-scale): one file of N small
 * Tool subclasses, one class of N methods, or N capability-shaped classes with a belt builder
 * constructing each, all under packages/agents/src/tools next to a `Tool` base; plus the
 * whole-process measurement of one capkit command on such a tree (wall time, CPU, peak RSS)
 * and the per-doubling series the benches print.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { CAPKIT_BIN } from "./capkit-bin.js";

const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const RUNS = Number(process.env["BENCH_SCALE_RUNS"] ?? 3);
export const SCALE_MAX = Number(process.env["BENCH_SCALE_MAX"] ?? 65536);
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const BASE =
  "export abstract class Tool {\n  abstract readonly name: string;\n  abstract readonly description: string;\n" +
  "  abstract readonly jsonSchema: Record<string, unknown>;\n" +
  "  abstract process(c: unknown, p: Record<string, unknown>): Promise<unknown>;\n}\n";

/** File name (under packages/agents/src/tools) → text. */
export type Tree = Record<string, string>;

export function manyClasses(n: number): Tree {
  const parts = ['import { Tool } from "./base-tool.js";\n'];
  for (let i = 0; i < n; i++)
    parts.push(
      `\nexport class Gen${i}Tool extends Tool {\n  readonly name = "gen_${i}";\n  async process(_c: unknown, p: Record<string, unknown>) {\n    return { echoed: p, n: ${i} };\n  }\n}\n`,
    );
  return { "many-tools.ts": parts.join("") };
}

/** One class whose body holds `n` methods (the same bytes as `n` small classes). */
export function oneClass(n: number): Tree {
  const parts = [
    'import { Tool } from "./base-tool.js";\n\nexport class HugeTool extends Tool {\n  readonly name = "huge";\n',
  ];
  for (let i = 0; i < n; i++)
    parts.push(
      `  async process${i}(_c: unknown, p: Record<string, unknown>) {\n    return { echoed: p, n: ${i} };\n  }\n`,
    );
  parts.push("}\n");
  return { "huge-tools.ts": parts.join("") };
}

/** N capability-shaped classes in one file and a belt builder constructing each (what migrate converts). */
export function capabilityClasses(n: number): Tree {
  const parts = ['import { Tool } from "./base-tool.js";\n'];
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    names.push(`Gen${i}Tool`);
    parts.push(
      `\nexport class Gen${i}Tool extends Tool {\n  readonly name = "gen_${i}";\n  readonly description = "Echo ${i}.";\n` +
        `  readonly jsonSchema = { type: "object", properties: { q: { type: "string" } } };\n` +
        `  async process(_c: unknown, p: Record<string, unknown>) {\n    return { echoed: p, n: ${i} };\n  }\n}\n`,
    );
  }
  const belt = `import { ${names.join(", ")} } from "./many-tools.js";\n\nexport function getBuiltinTools() {\n  return [\n${names.map((x) => `    new ${x}(),\n`).join("")}  ];\n}\n`;
  return { "many-tools.ts": parts.join(""), "builtin-tools.ts": belt };
}

const bytesOf = (tree: Tree) => Object.values(tree).reduce((n, t) => n + Buffer.byteLength(t), 0);

export interface Command {
  readonly args: (root: string) => string[];
  /** What the JSON output says was found (classes inventoried, classes converted). */
  readonly count: (json: unknown) => number;
  /** Commit the tree first (migrate wants a clean git tree). */
  readonly git: boolean;
  /** Put the committed tree back before each run (a migrate that writes). */
  readonly reset?: boolean;
}

function git(root: string, args: readonly string[]): void {
  const r = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
}

function gitCommit(root: string): void {
  git(root, ["init", "-q"]);
  git(root, ["add", "-A"]);
  git(root, ["-c", "user.email=bench@capkit", "-c", "user.name=bench", "commit", "-qm", "tree"]);
}

export interface Measured {
  readonly ms: number;
  /** User + system CPU seconds, from /usr/bin/time (null without it). */
  readonly cpuS: number | null;
  readonly rssMb: number | null;
  readonly mb: number;
}

/** One whole-process run of `command` per BENCH_SCALE_RUNS on a temp copy of `tree`; medians. */
export function measure(tree: Tree, expected: number, command: Command, bin = CAPKIT_BIN): Measured {
  const root = mkdtempSync(join(tmpdir(), "capkit-bench-scale-"));
  try {
    const dir = join(root, "packages/agents/src/tools");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "base-tool.ts"), BASE);
    for (const [file, text] of Object.entries(tree)) writeFileSync(join(dir, file), text);
    if (command.git) gitCommit(root);
    const ms: number[] = [];
    const rss: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      rmSync(join(root, ".capkit"), { recursive: true, force: true });
      if (command.reset && i > 0) {
        git(root, ["reset", "-q", "--hard"]);
        git(root, ["clean", "-qfdx"]);
      }
      const args = [bin, ...command.args(root)];
      const t = performance.now();
      const r = spawnSync(
        TIME ?? process.execPath,
        TIME ? ["-f", "capkit-bench-rss %M %U %S", process.execPath, ...args] : args,
        { encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, CI: "true" } },
      );
      ms.push(performance.now() - t);
      const m = /capkit-bench-rss (\d+) ([\d.]+) ([\d.]+)/.exec(r.stderr ?? "");
      if (m) {
        rss.push(Number(m[1]) / 1024);
        cpu.push(Number(m[2]) + Number(m[3]));
      }
      let found = -1;
      try {
        found = command.count(JSON.parse(r.stdout));
      } catch {
        // reported below
      }
      if (found !== expected)
        console.log(`  FAIL: ${found} classes, expected ${expected} (${(r.stderr ?? "").slice(0, 300)})`);
    }
    return {
      ms: median(ms),
      cpuS: cpu.length ? median(cpu) : null,
      rssMb: rss.length ? median(rss) : null,
      mb: bytesOf(tree) / 1e6,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const ratio = (a: number | null, b: number | null, what: string) =>
  a !== null && b !== null && b > 0 ? `, ×${(a / b).toFixed(2)} ${what}` : "";

export function line(n: number, m: Measured, prev: Measured | null): string {
  const growth = prev
    ? `  ×${(m.ms / prev.ms).toFixed(2)} time${ratio(m.cpuS, prev.cpuS, "cpu")}${ratio(m.rssMb, prev.rssMb, "memory")} per doubling`
    : "";
  return (
    `  ${String(n).padStart(6)} (${m.mb.toFixed(1).padStart(5)} MB)  ${m.ms.toFixed(0).padStart(7)} ms` +
    `${m.cpuS === null ? "" : `  cpu ${m.cpuS.toFixed(1).padStart(5)} s`}${m.rssMb === null ? "" : `  peak ${m.rssMb.toFixed(0)} MB`}${growth}`
  );
}

/**
 * `command` on `make(n)` for n = 1k, 2k, … max, one line per size with the growth per doubling.
 * With `baseline` (another build's dist/bin/run.js), that build runs too, interleaved size by
 * size, on its own line, so both see the same machine load.
 */
export function series(
  label: string,
  make: (n: number) => Tree,
  expected: (n: number) => number,
  command: Command,
  max: number,
  baseline?: string,
): void {
  console.log(`\n${label}${baseline ? ` (this build, then "base": ${baseline})` : ""}`);
  let prev: Measured | null = null;
  let prevBase: Measured | null = null;
  for (let n = 1024; n <= max; n *= 2) {
    const tree = make(n);
    const m = measure(tree, expected(n), command);
    console.log(line(n, m, prev));
    prev = m;
    if (!baseline) continue;
    const b = measure(tree, expected(n), command, baseline);
    console.log(`${line(n, b, prevBase)}  base`);
    prevBase = b;
  }
}
