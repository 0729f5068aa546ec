/**
 * Check 4, behavioural parity (replay half): every recorded case of every recorded capability
 * runs again through `run.invoke` on the migrated registry — fresh deterministic context and
 * run fields per case, a gate in auto mode (behaviour, not permissions, is under test here) —
 * and its outcome is compared with what the old Tool class returned. A difference names the
 * capability, the case and the first differing path. Declared non-deterministic paths are
 * masked on both sides and listed in the check. Consumed by ./engine.ts and ./vitest.ts.
 */
import { createPermissionGate, createCapabilityRun } from "../runtime/index.js";
import { firstDifference, maskNondeterministic, outcomeOf } from "./normalize.js";
import { beltNames, runToolCase } from "./record.js";
import type { CheckHooks, ParityCheck, ParityTarget } from "./types.js";

function shortArgs(args: unknown): string {
  const text = JSON.stringify(args);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** One recorded case through `run.invoke` on the migrated registry, with a fresh run in auto mode. */
async function replayCase(
  target: ParityTarget,
  hooks: CheckHooks,
  name: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  const run = createCapabilityRun({
    ...(target.createRunFields?.() ?? {}),
    context: target.createContext(),
    registry: target.registry,
    gate: (hooks.gateFactory ?? createPermissionGate)({ mode: "auto" }),
  });
  try {
    return outcomeOf({ value: await run.invoke(name, structuredClone(args)) });
  } catch (err) {
    return outcomeOf({ thrown: err });
  }
}

/** What was not replayed and why: registered but never recorded, or not constructed when recording. */
function notReplayed(target: ParityTarget, names: readonly string[]): string[] {
  const skipped: string[] = [];
  const recordedNames = new Set(names);
  const unrecorded = target.registry
    .listCapabilitySpecs()
    .map((s) => s.name)
    .filter((n) => !recordedNames.has(n))
    .sort();
  if (unrecorded.length)
    skipped.push(`registered but never recorded (no behaviour to compare): ${unrecorded.join(", ")}`);
  for (const u of target.recording?.unrecorded ?? []) {
    skipped.push(
      `${u.capability}${u.class ? ` (${u.class})` : ""}: not constructed by the belt builders when recording`,
    );
  }
  return skipped;
}

export async function behaviourCheck(target: ParityTarget, hooks: CheckHooks = {}): Promise<ParityCheck> {
  const patterns = target.nondeterministic ?? [];
  const recording = target.recording;
  const label = target.recordingLabel ?? "the parity recording";
  if (!recording) {
    return {
      name: "behaviour",
      ok: false,
      problems: [
        `no recording at ${label}: run \`capkit parity --record\` on the tree before migrating, and commit the file`,
      ],
      summary: "nothing to replay",
      ignoredFields: patterns,
    };
  }
  const problems: string[] = [];
  const skipped: string[] = [];
  let cases = 0;
  const names = Object.keys(recording.capabilities).sort();
  const legacy = target.legacy ?? null;
  const stillTools = legacy ? await beltNames(legacy).catch(() => new Set<string>()) : new Set<string>();
  const viaTool: string[] = [];
  for (const name of names) {
    const migrated = target.registry.capabilitySpec(name) !== undefined;
    if (!migrated && !(legacy && stillTools.has(name))) {
      problems.push(
        `${name}: recorded before migration but neither in the migrated registry nor constructed by the belts any more`,
      );
      continue;
    }
    if (!migrated) viaTool.push(name);
    const recorded = recording.capabilities[name]?.cases ?? [];
    let failures = 0;
    let first: string | undefined;
    for (const [i, c] of recorded.entries()) {
      cases++;
      const outcome =
        !migrated && legacy ? await runToolCase(legacy, name, c.args) : await replayCase(target, hooks, name, c.args);
      const diff = firstDifference(
        maskNondeterministic(name, c.result, patterns),
        maskNondeterministic(name, outcome, patterns),
      );
      if (diff) {
        failures++;
        first ??= `case ${i + 1} (${c.source}) ${shortArgs(c.args)}: ${diff}`;
      }
    }
    if (first)
      problems.push(
        `${name}: behaviour differs from the recording in ${failures} of ${recorded.length} cases; first: ${first}`,
      );
  }
  if (viaTool.length) skipped.push(`not migrated, replayed through the remaining Tool class: ${viaTool.join(", ")}`);
  skipped.push(...notReplayed(target, names));
  return {
    name: "behaviour",
    ok: problems.length === 0,
    problems,
    summary: `${cases} recorded cases of ${names.length} capabilities replayed (${names.length - viaTool.length} through run.invoke)`,
    ignoredFields: patterns,
    ...(skipped.length ? { skipped } : {}),
  };
}
