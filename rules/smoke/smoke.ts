/**
 * `capkit smoke`'s engine: bundles an entry with esbuild the way a packaged backend is built
 * (format esm, platform node, bundle, no splitting) into a temp folder, runs the bundle and
 * the same entry unbundled (`node --import tsx`), and explains a failure — a deadlock (exit
 * 13, unsettled top-level await) or a timeout — by naming the async import cycles the entry
 * reaches (graph/entry-cycles.ts). Returns data; bin/commands/smoke.ts prints it.
 */
import { build } from "esbuild";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { SeamConfig } from "../../lib/config/seam-section.js";
import { cyclesFromEntry, type NamedCycle } from "../graph/entry-cycles.js";
import { getSeamAnalysis } from "../graph/graph-cache.js";
import { toRel } from "../graph/import-graph.js";
import { findRoot, loadSeamConfig } from "../seam/load-config.js";
import { runNode, type NodeRun } from "./run-node.js";

export interface SmokeOptions {
  readonly timeoutMs: number;
  readonly root?: string;
  readonly config?: SeamConfig;
  readonly ready?: string;
}

export interface SmokeResult {
  readonly entry: string;
  readonly root: string;
  readonly ok: boolean;
  /** null when the bundle could not be built. */
  readonly bundled: NodeRun | null;
  readonly unbundled: NodeRun;
  readonly buildErrors: readonly string[];
  /** Import cycles the entry reaches, seam cycles and async ones first. */
  readonly cycles: readonly NamedCycle[];
  /** One-paragraph verdict for people. */
  readonly diagnosis: string;
}

/** `require` for CommonJS dependencies inside an ESM bundle. */
const BANNER =
  'import { createRequire as __capkitCreateRequire } from "node:module"; const require = __capkitCreateRequire(import.meta.url);';

async function bundle(entry: string, outfile: string): Promise<string[]> {
  try {
    const result = await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      format: "esm",
      platform: "node",
      splitting: false,
      logLevel: "silent",
      banner: { js: BANNER },
    });
    return result.errors.map((e) => e.text);
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors;
    if (errors) return errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}: ${e.text}` : e.text));
    return [(error as Error).message];
  }
}

function describeCycle(c: NamedCycle): string {
  const where = c.seam ? `across the ${c.seam} seam` : "";
  const tla = c.async ? `, reaching the top-level await in ${c.async.file}:${c.async.line}` : "";
  return `${[...c.files, c.files[0]].join(" → ")} (${[where, c.async ? "async" : "sync"].filter(Boolean).join(", ")}${tla})`;
}

function diagnose(
  bundled: NodeRun | null,
  unbundled: NodeRun,
  buildErrors: readonly string[],
  cycles: readonly NamedCycle[],
  timeoutMs: number,
): string {
  if (!bundled) return `esbuild could not bundle the entry: ${buildErrors.join("; ")}`;
  const named =
    cycles.length > 0
      ? ` Import cycle${cycles.length > 1 ? "s" : ""} the entry reaches: ${cycles.map(describeCycle).join("; ")}.`
      : "";
  const how: Record<NodeRun["status"], string> = {
    ok: "ran",
    deadlock: `deadlocked (Node exit 13: unsettled top-level await)`,
    timeout: `did not finish within ${timeoutMs / 1000}s`,
    crash: `crashed (exit ${bundled.exitCode ?? bundled.signal})`,
  };
  if (bundled.status === "ok" && unbundled.status === "ok") return "bundled and unbundled runs both finished.";
  if (bundled.status !== "ok" && unbundled.status === "ok") {
    return `the esbuild bundle ${how[bundled.status]} while the unbundled entry ran: a bundle-only failure.${named}${cycles.some((c) => c.async) ? " Fix the import direction so the cycle disappears; reordering imports does not help." : ""}`;
  }
  const unb = { ...how, crash: `crashed (exit ${unbundled.exitCode ?? unbundled.signal})` };
  return `the bundle ${how[bundled.status]}; the unbundled entry ${unb[unbundled.status]}.${named}`;
}

/** The folder of the package.json nearest above the entry, else the entry's own folder. */
function packageDirOf(entry: string): string {
  for (let dir = dirname(entry); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return dirname(entry);
  }
}

export async function runSmoke(entryIn: string, options: SmokeOptions): Promise<SmokeResult> {
  const entry = resolve(entryIn);
  // With no capkit config or git root above it, the entry's package is the root, so cycles are
  // named by the same paths as `capkit lint` run in that package.
  const root = resolve(options.root ?? findRoot(entry, packageDirOf(entry)));
  const config = options.config ?? loadSeamConfig(root);
  const tmp = mkdtempSync(join(tmpdir(), "capkit-smoke-"));
  try {
    const outfile = join(tmp, `${basename(entry).replace(/\.[cm]?tsx?$/, "")}.bundle.mjs`);
    const tsxLoader = import.meta.resolve("tsx");
    const common = { cwd: dirname(entry), timeoutMs: options.timeoutMs, ready: options.ready };
    const [buildErrors, unbundled] = await Promise.all([
      bundle(entry, outfile),
      runNode(["--import", tsxLoader, entry], common),
    ]);
    const bundled = buildErrors.length === 0 ? await runNode([outfile], common) : null;
    const ok = bundled?.status === "ok" && unbundled.status === "ok";
    let cycles: NamedCycle[] = [];
    if (!ok) {
      const analysis = getSeamAnalysis(root, config, 0);
      cycles = cyclesFromEntry(analysis.graph, analysis.cycles, toRel(root, entry));
    }
    return {
      entry: toRel(root, entry),
      root,
      ok,
      bundled,
      unbundled,
      buildErrors,
      cycles,
      diagnosis: diagnose(bundled, unbundled, buildErrors, cycles, options.timeoutMs),
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
