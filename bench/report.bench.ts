/**
 * Report benchmark: what the default terminal output of `capkit inventory` costs as the number
 * of Tool subclasses doubles (100, 200, 400, 800; BENCH_REPORT_SIZES), each size a generated
 * tree of one-class files that all propose one module (the shape that made a cli-table3 cell
 * cost worse than quadratic). Per size, BENCH_RUNS (3) interleaved rounds of a new process each:
 *   - `capkit inventory <tree>` (the table reporter) and `capkit inventory <tree> --json`, both on
 *     a warm cache, so table/json says what drawing the table adds;
 *   - the table renderer alone (dist/reports/text-table.js), one cell of N×10 lines and N rows.
 * Prints medians and the growth per doubling (2.0× is linear). BENCH_REPORT_BASELINE_BIN runs
 * another build's CLI too (e.g. /work/main/dist/bin/run.js), each run cut at BENCH_TIMEOUT_S (60).
 *   npm run bench -- report
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { CAPKIT_BIN } from "./capkit-bin.js";

const SIZES = (process.env["BENCH_REPORT_SIZES"] ?? "100,200,400,800").split(",").map(Number);
const RUNS = Math.max(1, Number(process.env["BENCH_RUNS"] ?? 3));
const BASELINE = process.env["BENCH_REPORT_BASELINE_BIN"];
const TIMEOUT_MS = Number(process.env["BENCH_TIMEOUT_S"] ?? 60) * 1000;
const TEXT_TABLE = pathToFileURL(join(CAPKIT_BIN, "..", "..", "reports", "text-table.js")).href;
const env = { ...process.env, CI: "true", NO_COLOR: "1" };

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} on ${cpus().length} cores`;

/** `n` capability-shaped classes, one per file, in nine folders; every file stem says "asset". */
function generate(root: string, n: number): void {
  const tools = join(root, "packages", "agents", "src", "tools");
  mkdirSync(tools, { recursive: true });
  writeFileSync(
    join(tools, "base.ts"),
    "export abstract class Tool {\n  abstract readonly name: string;\n  abstract process(context: unknown, params: Record<string, unknown>): Promise<unknown>;\n}\n",
  );
  for (let i = 0; i < n; i++) {
    const dir = join(tools, `group${i % 9}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `asset-op${i}-tools.ts`),
      `import { Tool } from "../base.js";\n\nexport class AssetOp${i}Tool extends Tool {\n  readonly name = "asset_op${i}";\n  readonly description = "Operation ${i} on assets";\n  readonly inputSchema = { type: "object" };\n  async process(_c: unknown, params: Record<string, unknown>): Promise<unknown> {\n    return { done: params };\n  }\n}\n`,
    );
  }
}

/** Wall time of one process in ms, or Infinity when it ran past the timeout. */
function timed(args: readonly string[]): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env, encoding: "utf8", maxBuffer: 1 << 28, timeout: TIMEOUT_MS });
  const ms = performance.now() - t;
  if (r.error || (r.status !== 0 && r.status !== 1)) return Infinity;
  return ms;
}

/** The renderer alone in a new process: `n` two-line rows plus one cell of n×10 lines; prints its ms. */
function renderOnly(n: number): number {
  const script = `
    const { renderTextTable } = await import(${JSON.stringify(TEXT_TABLE)});
    const rows = Array.from({ length: ${n} }, (_, i) => ["Tool" + i + "\\nsrc/t" + i + ".ts:1", "assembled by getAllMcpTools (packages/agents/src/tools/mcp-tools.ts:40)"]);
    rows.push(["module", Array.from({ length: ${n * 10} }, (_, i) => "packages/agents/src/tools/t" + i + "-tools.ts").join("\\n")]);
    const t = performance.now();
    const out = renderTextTable([{ header: "class" }, { header: "why", maxWidth: 40 }], rows);
    console.log(performance.now() - t, out.length);`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  return r.status === 0 ? Number(r.stdout.split(" ")[0]) : Infinity;
}

interface Row {
  readonly n: number;
  readonly table: number;
  readonly json: number;
  readonly render: number;
  readonly baseline: number | null;
}

function measure(n: number): Row {
  const tree = mkdtempSync(join(tmpdir(), "capkit-bench-report-"));
  try {
    generate(tree, n);
    timed([CAPKIT_BIN, "inventory", tree, "--json"]); // warms the facts cache both reporters reuse
    const t = { table: [] as number[], json: [] as number[], render: [] as number[], baseline: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      t.table.push(timed([CAPKIT_BIN, "inventory", tree]));
      t.json.push(timed([CAPKIT_BIN, "inventory", tree, "--json"]));
      t.render.push(renderOnly(n));
      if (BASELINE) t.baseline.push(timed([BASELINE, "inventory", tree]));
    }
    return {
      n,
      table: median(t.table),
      json: median(t.json),
      render: median(t.render),
      baseline: BASELINE ? median(t.baseline) : null,
    };
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : `> ${TIMEOUT_MS / 1000} s`);
const growth = (x: number, before: number | undefined) =>
  before === undefined ? "" : Number.isFinite(x) && before > 0 ? `${(x / before).toFixed(2)}×` : "-";

function main(): void {
  console.log(`capkit inventory, table vs --json, ${RUNS} interleaved rounds per size; node ${process.version}`);
  console.log(`at start: ${load()}`);
  const rows: Row[] = [];
  for (const n of SIZES) {
    const r = measure(n);
    const prev = rows.at(-1);
    rows.push(r);
    console.log(
      `  ${String(n).padStart(4)} classes: table ${ms(r.table)} (${growth(r.table, prev?.table) || "-"}), json ${ms(r.json)} (table/json ${(r.table / r.json).toFixed(2)}); renderer alone, ${n} rows + a ${n * 10}-line cell: ${r.render.toFixed(1)} ms (${growth(r.render, prev?.render) || "-"})` +
        (r.baseline === null
          ? ""
          : `; baseline build table ${ms(r.baseline)} (${growth(r.baseline, prev?.baseline ?? undefined) || "-"})`),
    );
  }
  console.log(
    `  growth per doubling: 2.0× is linear, 4.0× quadratic (table/json near 1 when drawing costs little next to the scan)`,
  );
  console.log(`at end: ${load()}`);
}

main();
