/**
 * Migration benchmark: the whole `capkit migrate --all` plan (class → capability for every
 * namespace, the call-site codemods, plan validation and the dry-run diff; the inventory is
 * computed once beforehand and excluded) on
 *   1. a temp copy of fixtures/nodetool-mini, and
 *   2. a scaled copy: every `*-tools.ts` file of the fixture's agents package cloned SCALE times
 *      into new namespaces (classes and wire names suffixed, inventory records cloned),
 * each as a ratio to a plain ts-morph parse-and-print (`sf.print()`) of the same .ts files,
 * measured in the same run. Median of RUNS. Writes nothing in the repo.
 *   npm run bench -- migrate
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import fg from "fast-glob";
import { Project } from "ts-morph";
import { scanInventory } from "../inventory/index.js";
import type { ClassRecord, InventoryResult } from "../inventory/types.js";
import { loadConfig } from "../lib/config/index.js";
import { runMigration } from "../codemods/runner/index.js";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURE = join(REPO, "fixtures", "nodetool-mini");
const RUNS = 3;
const SCALE = Number(process.env.MIGRATE_BENCH_SCALE ?? 5);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function tsFiles(root: string): string[] {
  return fg.sync("packages/**/*.ts", { cwd: root, ignore: ["**/node_modules/**", "**/dist/**"] });
}

function parseAndPrint(root: string, files: readonly string[]): number {
  const t0 = performance.now();
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  let chars = 0;
  for (const f of files) chars += project.createSourceFile(`/${f}`, readFileSync(join(root, f), "utf8")).print().length;
  if (chars === 0) throw new Error("nothing printed");
  return performance.now() - t0;
}

async function migrate(
  root: string,
  inventory: InventoryResult,
): Promise<{ ms: number; converted: number; files: number }> {
  const { config } = loadConfig(root);
  const t0 = performance.now();
  const r = await runMigration({ root, namespaces: "all", config, dryRun: true, inventory });
  return {
    ms: performance.now() - t0,
    converted: r.namespaces.reduce((n, x) => n + x.converted.length, 0),
    files: r.filesWritten.length,
  };
}

/** Clone every `<ns>-tools.ts` SCALE times as `<ns>x<k>-tools.ts` with suffixed classes and wire names. */
function scale(root: string, inventory: InventoryResult): InventoryResult {
  const classes: ClassRecord[] = [...inventory.classes];
  const toolsDir = "packages/agents/src/tools";
  for (const file of fg.sync(`${toolsDir}/*-tools.ts`, { cwd: root })) {
    const records = inventory.classes.filter(
      (c) => c.file === file && c.kind === "capability" && c.name && c.wireName && c.namespace,
    );
    if (!records.length) continue;
    const text = readFileSync(join(root, file), "utf8");
    for (let k = 1; k <= SCALE; k++) {
      const copy = file.replace(/-tools\.ts$/, `x${k}-tools.ts`);
      let out = text;
      for (const c of records) {
        out = out
          .replace(new RegExp(`\\b${c.name}\\b`, "g"), `${c.name}X${k}`)
          .replace(new RegExp(`(["'\`])${c.wireName}\\1`, "g"), `$1${c.wireName}_x${k}$1`);
      }
      writeFileSync(join(root, copy), out);
      for (const c of records)
        classes.push({
          ...c,
          file: copy,
          name: `${c.name}X${k}`,
          wireName: `${c.wireName}_x${k}`,
          namespace: `${c.namespace}x${k}`,
        });
    }
  }
  return { ...inventory, classes };
}

async function measure(label: string, root: string, inventory: InventoryResult): Promise<void> {
  const files = tsFiles(root);
  const base: number[] = [];
  const mig: number[] = [];
  let last = { ms: 0, converted: 0, files: 0 };
  for (let i = 0; i < RUNS; i++) {
    base.push(parseAndPrint(root, files));
    last = await migrate(root, inventory);
    mig.push(last.ms);
  }
  const b = median(base);
  const m = median(mig);
  console.log(
    `${label.padEnd(22)} ${String(files.length).padStart(5)} files  ${String(last.converted).padStart(4)} classes converted  ${String(last.files).padStart(4)} files planned  ` +
      `migrate ${m.toFixed(0).padStart(6)} ms  parse+print ${b.toFixed(0).padStart(5)} ms  ratio ${(m / b).toFixed(1)}×`,
  );
}

const work = mkdtempSync(join(tmpdir(), "capkit-migrate-bench-"));
try {
  const plain = join(work, "fixture");
  cpSync(FIXTURE, plain, { recursive: true });
  const inventory = await scanInventory(plain, { config: loadConfig(plain).config });
  console.log(
    `migrate --all --dry-run (inventory excluded) vs ts-morph parse-and-print of the same files; median of ${RUNS}`,
  );
  await measure("nodetool-mini", plain, inventory);
  const big = join(work, "scaled");
  cpSync(FIXTURE, big, { recursive: true });
  await measure(
    `nodetool-mini ×${SCALE + 1}`,
    big,
    scale(big, await scanInventory(big, { config: loadConfig(big).config })),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
