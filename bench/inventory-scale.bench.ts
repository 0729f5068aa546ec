/**
 * Do inventory and migrate grow linearly with a file's size and its classes? One generated file
 * of N small Tool subclasses (N = 1k, 2k, … 64k; about 170 bytes a class), scanned whole process
 * (`CI=true node dist/bin/run.js inventory <tree> --json`, cold), median of BENCH_SCALE_RUNS (3);
 * prints wall time, CPU time (user + system, steadier than wall time on a loaded machine) and
 * peak RSS per size and the growth factor per doubling (2.0 is linear; the process's fixed
 * start-up makes the small sizes grow less). Then one file holding a single class of the same
 * sizes' bytes, and one of about 20 MB, for memory. Then `migrate --all --dry-run` on a git repo of N
 * capability-shaped classes in one file, all constructed by one belt builder (every class is
 * converted and every construction rewritten).
 *   npm run bench -- inventory-scale      (BENCH_SCALE_MAX=65536 to change the largest N,
 *                                          BENCH_SCALE_MIGRATE_MAX=65536 for migrate's)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { CAPKIT_BIN } from "./capkit-bin.js";

const BIN = CAPKIT_BIN;
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const RUNS = Number(process.env["BENCH_SCALE_RUNS"] ?? 3);
const MAX = Number(process.env["BENCH_SCALE_MAX"] ?? 65536);
const MIGRATE_MAX = Number(process.env["BENCH_SCALE_MIGRATE_MAX"] ?? MAX);
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const BASE =
  "export abstract class Tool {\n  abstract readonly name: string;\n  abstract readonly description: string;\n" +
  "  abstract readonly jsonSchema: Record<string, unknown>;\n" +
  "  abstract process(c: unknown, p: Record<string, unknown>): Promise<unknown>;\n}\n";

type Tree = Record<string, string>;

function manyClasses(n: number): Tree {
  const parts = ['import { Tool } from "./base-tool.js";\n'];
  for (let i = 0; i < n; i++)
    parts.push(
      `\nexport class Gen${i}Tool extends Tool {\n  readonly name = "gen_${i}";\n  async process(_c: unknown, p: Record<string, unknown>) {\n    return { echoed: p, n: ${i} };\n  }\n}\n`,
    );
  return { "many-tools.ts": parts.join("") };
}

/** One class whose body holds `n` methods (the same bytes as `n` small classes). */
function oneClass(n: number): Tree {
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
function capabilityClasses(n: number): Tree {
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

interface Command {
  readonly args: (root: string) => string[];
  /** What the JSON output says was found (classes inventoried, classes converted). */
  readonly count: (json: unknown) => number;
  readonly git: boolean;
}

const INVENTORY: Command = {
  args: (root) => ["inventory", root, "--json"],
  count: (json) => (json as { classes: unknown[] }).classes.length,
  git: false,
};

const MIGRATE: Command = {
  args: (root) => ["migrate", root, "--all", "--dry-run", "--json"],
  count: (json) =>
    (json as { namespaces: { converted: unknown[] }[] }).namespaces.reduce((n, x) => n + x.converted.length, 0),
  git: true,
};

function gitCommit(root: string): void {
  for (const args of [
    ["init", "-q"],
    ["add", "-A"],
    ["-c", "user.email=bench@capkit", "-c", "user.name=bench", "commit", "-qm", "tree"],
  ]) {
    const r = spawnSync("git", args, { cwd: root, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  }
}

interface Measured {
  readonly ms: number;
  /** User + system CPU seconds, from /usr/bin/time (null without it). */
  readonly cpuS: number | null;
  readonly rssMb: number | null;
  readonly mb: number;
}

function measure(tree: Tree, expected: number, command: Command): Measured {
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
      const args = [BIN, ...command.args(root)];
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

function line(n: number, m: Measured, prev: Measured | null): string {
  const growth = prev
    ? `  ×${(m.ms / prev.ms).toFixed(2)} time${ratio(m.cpuS, prev.cpuS, "cpu")}${ratio(m.rssMb, prev.rssMb, "memory")} per doubling`
    : "";
  return (
    `  ${String(n).padStart(6)} (${m.mb.toFixed(1).padStart(5)} MB)  ${m.ms.toFixed(0).padStart(7)} ms` +
    `${m.cpuS === null ? "" : `  cpu ${m.cpuS.toFixed(1).padStart(5)} s`}${m.rssMb === null ? "" : `  peak ${m.rssMb.toFixed(0)} MB`}${growth}`
  );
}

function series(
  label: string,
  make: (n: number) => Tree,
  expected: (n: number) => number,
  command: Command,
  max: number,
): void {
  console.log(`\n${label}`);
  let prev: Measured | null = null;
  for (let n = 1024; n <= max; n *= 2) {
    const m = measure(make(n), expected(n), command);
    console.log(line(n, m, prev));
    prev = m;
  }
}

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
series("one file of N Tool subclasses (whole process, cold, CI=true)", manyClasses, (n) => n, INVENTORY, MAX);
series("one file of one Tool subclass with N methods (the same bytes)", oneClass, () => 1, INVENTORY, MAX);
{
  // About 88 bytes a method: a single class of about 20 MB, parsed one run of members at a time.
  const methods = Math.round(20e6 / 88);
  console.log("\none file of one Tool subclass of about 20 MB (peak memory bounded by a member run, not the class)");
  console.log(line(methods, measure(oneClass(methods), 1, INVENTORY), null));
}
series(
  "migrate --all --dry-run: one file of N capability classes, one belt constructing them",
  capabilityClasses,
  (n) => n,
  MIGRATE,
  MIGRATE_MAX,
);
