/**
 * Inventory benchmark: generates a ~7,000-file, ~100 MB synthetic monorepo under os.tmpdir()
 * (bench/inventory-tree.ts), then times, in the same run: `grep -rlE 'extends\s'` (the
 * baseline people use today), capkit's scanInventory (cold: first scan in this process,
 * including loading TypeScript; warm: median of the next runs), and a ts-morph full-project
 * scan in a child process. Prints capkit's time as ratios and checks the counts.
 *   npm run bench -- inventory            (env BENCH_FILES / BENCH_AVG_BYTES to resize)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { scanInventory } from "../inventory/index.js";
import { generateTree } from "./inventory-tree.js";

const FILES = Number(process.env["BENCH_FILES"] ?? 7000);
const AVG = Number(process.env["BENCH_AVG_BYTES"] ?? 14_300);
const RUNS = 3;
const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const time = (fn: () => void) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};

const TSMORPH_SCRIPT = `
import { Project, SyntaxKind } from "ts-morph";
const t = performance.now();
const project = new Project({ skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true, compilerOptions: { noEmit: true } });
project.addSourceFilesAtPaths([process.argv[2] + "/packages/**/*.ts"]);
let count = 0;
for (const sf of project.getSourceFiles()) {
  for (const c of [...sf.getDescendantsOfKind(SyntaxKind.ClassDeclaration), ...sf.getDescendantsOfKind(SyntaxKind.ClassExpression)]) {
    const e = c.getExtends();
    if (e && /(^|\\.)(Tool|BaseTool|HttpTool)$/.test(e.getExpression().getText())) count++;
  }
}
console.log(JSON.stringify({ ms: performance.now() - t, count }));
`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "capkit-bench-inventory-"));
  try {
    const t0 = performance.now();
    const expected = generateTree(dir, { files: FILES, avgBytes: AVG });
    console.log(`tree: ${expected.files} files, ${(expected.bytes / 1e6).toFixed(1)} MB in ${dir} (generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    const grepMs: number[] = [];
    let grepFiles = 0;
    for (let i = 0; i < RUNS; i++) {
      let out = "";
      grepMs.push(time(() => (out = spawnSync("grep", ["-rlE", "extends\\s", dir], { encoding: "utf8", maxBuffer: 1 << 26 }).stdout)));
      grepFiles = out.split("\n").filter(Boolean).length;
    }
    const capkitMs: number[] = [];
    let result = await scanInventory(dir);
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      result = await scanInventory(dir);
      capkitMs.push(performance.now() - t);
    }
    const coldStart = performance.now();
    const cold = spawnSync(process.execPath, ["--import", "tsx", "-e", `import(${JSON.stringify(join(REPO, "inventory/index.ts"))}).then(m => m.scanInventory(${JSON.stringify(dir)}))`], { encoding: "utf8" });
    const coldMs = performance.now() - coldStart;
    if (cold.status !== 0) console.log(`cold child failed: ${cold.stderr}`);

    // The script lives in the repo's git-ignored .bench-tmp/ so `ts-morph` resolves from node_modules.
    const scriptDir = join(REPO, ".bench-tmp");
    mkdirSync(scriptDir, { recursive: true });
    const script = join(scriptDir, "tsmorph-scan.mjs");
    writeFileSync(script, TSMORPH_SCRIPT);
    const tm = spawnSync(process.execPath, ["--max-old-space-size=8192", script, dir], { encoding: "utf8" });
    let tsMorph: { ms: number; count: number } | null = null;
    try {
      tsMorph = JSON.parse(tm.stdout.trim().split("\n").pop() ?? "") as { ms: number; count: number };
    } catch {
      console.log(`ts-morph scan failed: ${tm.stderr.slice(0, 500)}`);
    }

    const g = median(grepMs);
    const w = median(capkitMs);
    const c = result.counters;
    console.log(`grep -rlE 'extends\\s'     ${g.toFixed(0).padStart(7)} ms (median of ${RUNS}; lists ${grepFiles} files, classifies nothing)`);
    console.log(`capkit scanInventory warm  ${w.toFixed(0).padStart(7)} ms (median of ${RUNS})  = ${(w / g).toFixed(2)}× grep`);
    console.log(`capkit cold (new process)  ${coldMs.toFixed(0).padStart(7)} ms (node + tsx + typescript load + scan) = ${(coldMs / g).toFixed(2)}× grep`);
    if (tsMorph) console.log(`ts-morph full-project scan ${tsMorph.ms.toFixed(0).padStart(7)} ms (in-process time; counts ${tsMorph.count} by name) → capkit warm is ${(tsMorph.ms / w).toFixed(1)}× faster`);
    console.log(`parsed by capkit: see counts; scanned ${result.scannedFiles} files`);
    const checks: [string, number, number][] = [
      ["extendsTool.occurrences", c.extendsTool.occurrences, expected.direct],
      ["extendsTool.files", c.extendsTool.files, expected.directFiles],
      ["indirect.occurrences", c.indirect.occurrences, expected.indirect],
      ["capabilityShaped", c.capabilityShaped, expected.capability],
    ];
    let ok = true;
    for (const [name, got, want] of checks) {
      const pass = got === want;
      ok &&= pass;
      console.log(`  ${pass ? "ok  " : "FAIL"} ${name}: ${got}${pass ? "" : ` (expected ${want})`}`);
    }
    if (!ok) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
