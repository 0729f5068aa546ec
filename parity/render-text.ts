/**
 * Plain-text rendering of a ParityResult and of a recording summary for the terminal (the CLI
 * and `capkit demo` print it; `--json` prints the result itself). Pure: returns a string.
 */
import type { ParityRecording, ParityResult } from "./types.js";

export function renderParityText(result: ParityResult): string {
  const lines: string[] = [];
  if (result.root) lines.push(`capkit parity ${result.root}`);
  for (const check of result.checks) {
    lines.push(`  ${check.ok ? "ok  " : "FAIL"} ${check.name.padEnd(18)} ${check.summary}`);
    const shown = check.problems.slice(0, 20);
    for (const p of shown) lines.push(`         - ${p}`);
    if (check.problems.length > shown.length)
      lines.push(`         … and ${check.problems.length - shown.length} more (see --json)`);
    if (check.ignoredFields && check.ignoredFields.length > 0)
      lines.push(`         declared non-deterministic: ${check.ignoredFields.join(", ")}`);
    for (const s of check.skipped ?? []) lines.push(`         note: ${s}`);
  }
  const m = result.mutants;
  if (m) {
    lines.push(`  mutants: ${m.total} total, ${m.killed} killed, ${m.survivors.length} survived`);
    for (const r of m.results)
      lines.push(`         ${r.killed ? "killed  " : "SURVIVED"} ${r.name} — ${r.description}`);
  }
  lines.push(result.ok ? "parity: every check passed" : "parity: FAILED");
  return `${lines.join("\n")}\n`;
}

export function recordingSummary(recording: ParityRecording): {
  capabilities: number;
  cases: number;
  unrecorded: string[];
} {
  const caps = Object.values(recording.capabilities);
  return {
    capabilities: caps.length,
    cases: caps.reduce((n, c) => n + c.cases.length, 0),
    unrecorded: recording.unrecorded.map((u) => u.capability),
  };
}
