/**
 * `capkit smoke <entry> [--timeout s] [--ready TEXT] [--root DIR] [--json]`: bundles the entry
 * with esbuild (esm, node) into a temp folder and runs it next to the unbundled entry
 * (rules/smoke/); a deadlock or timeout fails and names the import cycle behind it.
 * Saves .capkit/results/smoke.json. Exit: 0 both runs ok; 1 a run failed; 2 usage error.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "../../lib/errors.js";
import { saveResult } from "../../lib/results-store.js";
import { runSmoke, type SmokeResult } from "../../rules/smoke/index.js";
import { parseCommandArgs, type CommandModule } from "../command.js";

const USAGE = "capkit smoke <entry> [--timeout s] [--ready TEXT] [--root DIR] [--json]";
const OPTIONS = {
  timeout: { type: "string" },
  ready: { type: "string" },
  root: { type: "string" },
  json: { type: "boolean" },
} as const;
const DEFAULT_TIMEOUT_S = 10;

function renderText(r: SmokeResult): string {
  const line = (label: string, run: SmokeResult["unbundled"] | null) =>
    run
      ? `  ${label.padEnd(10)} ${run.status.padEnd(9)} exit ${run.exitCode ?? run.signal ?? "-"}  ${run.durationMs} ms`
      : `  ${label.padEnd(10)} not built`;
  const out = [
    `capkit smoke ${r.entry}: ${r.ok ? "ok" : "FAILED"}`,
    line("bundled", r.bundled),
    line("unbundled", r.unbundled),
  ];
  if (!r.ok) {
    out.push(`  ${r.diagnosis}`);
    for (const c of r.cycles)
      out.push(
        `  cycle${c.seam ? ` (${c.seam})` : ""}${c.async ? " [async]" : ""}: ${[...c.files, c.files[0]].join(" → ")}`,
      );
    const failed =
      r.bundled && r.bundled.status === "crash" ? r.bundled : r.unbundled.status === "crash" ? r.unbundled : null;
    if (failed?.stderr.trim()) out.push(`  stderr: ${failed.stderr.trim().split("\n").slice(-5).join("\n          ")}`);
  }
  return `${out.join("\n")}\n`;
}

export const command: CommandModule = {
  summary: "bundle an entry with esbuild and run it next to the unbundled entry; name the cycle behind a hang",
  usage: USAGE,
  flags: [
    ["<entry>", "the program's entry file, run bundled (esbuild) and unbundled"],
    ["--timeout s", "seconds each run may take (default 10); a hang names the import cycle behind it"],
    ["--ready TEXT", "a long-running entry (a server) counts as started once its stdout prints TEXT"],
    ["--root DIR", "the repository, for the cycle search (default: found from the entry)"],
    ["--json", "print the result as one JSON document"],
  ],
  exit: "0 both runs ok; 1 a run failed, hung or deadlocked; 2 usage error",
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs("smoke", argv, OPTIONS, USAGE);
    if (positionals.length !== 1) throw new UsageError("takes exactly one entry file", { hint: `usage: ${USAGE}` });
    const entry = resolve(io.cwd, positionals[0] as string);
    if (!existsSync(entry))
      throw new UsageError(`entry not found: ${entry}`, {
        hint: "pass the backend's entry file, e.g. packages/server/src/server.ts",
      });
    const seconds = values.timeout === undefined ? DEFAULT_TIMEOUT_S : Number(values.timeout);
    if (!Number.isFinite(seconds) || seconds <= 0)
      throw new UsageError(`--timeout must be a positive number of seconds, got "${values.timeout}"`, {
        hint: "e.g. --timeout 20",
      });
    const result = await runSmoke(entry, {
      timeoutMs: seconds * 1000,
      ready: values.ready,
      root: values.root ? resolve(io.cwd, values.root) : undefined,
    });
    saveResult(result.root, "smoke", result);
    io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : renderText(result));
    return result.ok ? 0 : 1;
  },
};
