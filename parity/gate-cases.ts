/**
 * The gate-parity cases: for one canary per category, in
 * default mode with a scripted approver — read runs without a prompt; write, execute and
 * external round-trip an approval with the clock suspended and the monitor consulted; a denied
 * call returns `permission_denied` without running the implementation; plan mode blocks; plus
 * the ladder's memory (allow_for_chat, a session allow-set), the monitor's block and auto mode.
 * Each case carries its own expectations over the transcript. Pure; consumed by gate-parity.ts.
 */
import {
  PERMISSION_CATEGORIES,
  type ApprovalScript,
  type PermissionCategory,
  type PermissionMode,
} from "../runtime/index.js";

export interface GateCall {
  readonly capability: string;
  readonly category: PermissionCategory;
  readonly args: Record<string, unknown>;
}

export type GateEvent =
  | {
      readonly kind: "approval";
      readonly capability: string;
      readonly answer: string;
      readonly clockSuspended: boolean;
    }
  | {
      readonly kind: "monitor";
      readonly capability: string;
      readonly verdict: string;
      readonly clockSuspended: boolean;
    }
  | { readonly kind: "impl"; readonly capability: string }
  | {
      readonly kind: "invoke";
      readonly capability: string;
      readonly outcome: string;
      readonly steps: readonly string[];
      readonly args: unknown;
    }
  | { readonly kind: "result"; readonly capability: string; readonly outcome: unknown }
  | { readonly kind: "sandbox-error"; readonly message: string };

export interface GateCase {
  readonly id: string;
  readonly mode: PermissionMode;
  readonly calls: readonly GateCall[];
  readonly approvals: ApprovalScript;
  readonly sessionAllow?: readonly string[];
  readonly monitorBlock?: Readonly<Record<string, string>>;
  /** Problems with one path's transcript (empty when the ladder behaved). */
  expect(events: readonly GateEvent[]): string[];
}

const of = <K extends GateEvent["kind"]>(events: readonly GateEvent[], kind: K, capability?: string) =>
  events.filter(
    (e): e is Extract<GateEvent, { kind: K }> =>
      e.kind === kind && (capability === undefined || ("capability" in e && e.capability === capability)),
  );

function refusalOf(events: readonly GateEvent[], capability: string, index = 0): string | undefined {
  // Direct invoke returns the payload; the guest sees it thrown with its code.
  const r = of(events, "result", capability)[index]?.outcome as
    { value?: { error?: unknown }; code?: unknown } | undefined;
  const e = r?.value?.error ?? r?.code;
  return typeof e === "string" ? e : undefined;
}

const REFUSALS = new Set([
  "permission_denied",
  "blocked_in_plan_mode",
  "blocked_by_security_monitor",
  "invalid_tool_arguments",
  "aborted",
]);

function ranOnce(events: readonly GateEvent[], c: GateCall, what: string): string[] {
  const problems: string[] = [];
  const impls = of(events, "impl", c.capability).length;
  if (impls !== 1)
    problems.push(`${c.capability} (${c.category}): ${what}: the implementation ran ${impls} times, expected once`);
  const refused = refusalOf(events, c.capability);
  if (refused && REFUSALS.has(refused))
    problems.push(`${c.capability} (${c.category}): ${what}: returned ${refused} instead of running`);
  return problems;
}

function approvalRoundTrip(events: readonly GateEvent[], c: GateCall): string[] {
  const problems = ranOnce(events, c, "approved call");
  const asks = of(events, "approval", c.capability);
  if (asks.length !== 1)
    problems.push(`${c.capability} (${c.category}): expected one approval round trip, got ${asks.length}`);
  if (asks.some((a) => !a.clockSuspended))
    problems.push(`${c.capability} (${c.category}): the sandbox clock kept running during the approval`);
  const reviews = of(events, "monitor", c.capability);
  if (reviews.length !== 1)
    problems.push(
      `${c.capability} (${c.category}): expected the security monitor to review the call once, got ${reviews.length}`,
    );
  if (reviews.some((m) => !m.clockSuspended))
    problems.push(`${c.capability} (${c.category}): the sandbox clock kept running during the monitor review`);
  return problems;
}

function refusedWithout(events: readonly GateEvent[], c: GateCall, code: string, index = 0): string[] {
  const problems: string[] = [];
  const got = refusalOf(events, c.capability, index);
  if (got !== code)
    problems.push(`${c.capability} (${c.category}): expected the ${code} payload, got ${got ?? "a normal result"}`);
  if (of(events, "impl", c.capability).length > 0)
    problems.push(`${c.capability} (${c.category}): the implementation ran although the call was refused (${code})`);
  return problems;
}

/** Reads take the fast path: no prompt, no monitor. */
function readCase(read: GateCall): GateCase {
  return {
    id: "read-without-prompt",
    mode: "default",
    calls: [read],
    approvals: {},
    expect: (ev) => [
      ...ranOnce(ev, read, "read call"),
      ...(of(ev, "approval").length
        ? [`${read.capability} (read): prompted for approval; reads take the fast path`]
        : []),
      ...(of(ev, "monitor").length
        ? [`${read.capability} (read): the security monitor reviewed a read; reads skip it`]
        : []),
    ],
  };
}

/** An asking category's call is prompted once and runs after "allow". */
function approvalCase(c: GateCall): GateCase {
  return {
    id: `${c.category}-approval-round-trip`,
    mode: "default",
    calls: [c],
    approvals: { [c.capability]: "allow" },
    expect: (ev) => approvalRoundTrip(ev, c),
  };
}

function deniedCase(first: GateCall): GateCase {
  return {
    id: "denied-call",
    mode: "default",
    calls: [first],
    approvals: { [first.capability]: "deny" },
    expect: (ev) => [
      ...refusedWithout(ev, first, "permission_denied"),
      ...(of(ev, "approval", first.capability).length !== 1
        ? [`${first.capability} (${first.category}): a denied call must be asked exactly once`]
        : []),
    ],
  };
}

/** Plan mode refuses every asking call without a prompt and still runs reads. */
function planModeCase(asking: readonly GateCall[], read: GateCall | undefined): GateCase {
  return {
    id: "plan-mode-blocks",
    mode: "plan",
    calls: [...asking, ...(read ? [read] : [])],
    approvals: Object.fromEntries(asking.map((c) => [c.capability, "allow"])),
    expect: (ev) => [
      ...asking.flatMap((c) => refusedWithout(ev, c, "blocked_in_plan_mode")),
      ...(of(ev, "approval").length ? ["plan mode asked for approval instead of blocking"] : []),
      ...(read ? ranOnce(ev, read, "read call in plan mode") : []),
    ],
  };
}

/** allow_for_chat answers the second call too. */
function allowForChatCase(again: GateCall): GateCase {
  return {
    id: "allow-for-chat-remembered",
    mode: "default",
    calls: [again, again],
    approvals: { [again.capability]: ["allow_for_chat"] }, // then the fallback: deny
    expect: (ev) => {
      const problems: string[] = [];
      const asks = of(ev, "approval", again.capability).length;
      if (asks !== 1)
        problems.push(
          `${again.capability} (${again.category}): allow_for_chat was not remembered: asked ${asks} times for two calls`,
        );
      const runs = of(ev, "impl", again.capability).length;
      if (runs !== 2)
        problems.push(
          `${again.capability} (${again.category}): after allow_for_chat both calls should run; ran ${runs}`,
        );
      return problems;
    },
  };
}

function sessionAllowCase(first: GateCall): GateCase {
  return {
    id: "session-allow-set",
    mode: "default",
    calls: [first],
    approvals: {},
    sessionAllow: [first.capability],
    expect: (ev) => [
      ...ranOnce(ev, first, "call in the session allow-set"),
      ...(of(ev, "approval").length
        ? [`${first.capability} (${first.category}): the session allow-set was ignored: prompted anyway`]
        : []),
    ],
  };
}

function monitorCase(watched: GateCall): GateCase {
  return {
    id: "monitor-blocks",
    mode: "default",
    calls: [watched],
    approvals: { [watched.capability]: "allow" },
    monitorBlock: { [watched.capability]: "flagged by the parity check" },
    expect: (ev) => refusedWithout(ev, watched, "blocked_by_security_monitor"),
  };
}

function autoModeCase(first: GateCall): GateCase {
  return {
    id: "auto-mode-allows",
    mode: "auto",
    calls: [first],
    approvals: {},
    expect: (ev) => [
      ...ranOnce(ev, first, "call in auto mode"),
      ...(of(ev, "approval").length ? [`${first.capability} (${first.category}): auto mode asked for approval`] : []),
    ],
  };
}

/** The cases for the canaries found (category → call); absent categories are skipped. */
export function gateCases(canaries: Partial<Record<PermissionCategory, GateCall>>): {
  cases: GateCase[];
  skipped: string[];
} {
  const cases: GateCase[] = [];
  const skipped: string[] = [];
  const read = canaries.read;
  const asking = (["write", "execute", "external"] as const)
    .map((k) => canaries[k])
    .filter((c): c is GateCall => c !== undefined);
  for (const k of PERMISSION_CATEGORIES)
    if (!canaries[k]) skipped.push(`no ${k} capability in the registry to use as the ${k} canary`);
  if (read) cases.push(readCase(read));
  for (const c of asking) cases.push(approvalCase(c));
  const first = asking[0];
  if (!first) {
    skipped.push("deny, plan-mode, allow_for_chat, allow-set and monitor cases: no write/execute/external canary");
    return { cases, skipped };
  }
  cases.push(
    deniedCase(first),
    planModeCase(asking, read),
    allowForChatCase(canaries.execute ?? first),
    sessionAllowCase(first),
    monitorCase(canaries.external ?? first),
    autoModeCase(first),
  );
  return { cases, skipped };
}
