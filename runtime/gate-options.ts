/**
 * The one schema for the options a host hands the gate, in capkit's vocabulary or NodeTool's
 * (`requestApproval`, `securityMonitor` returning `{ block, reason, tier, severity }`, a clock
 * whose `suspend()` returns the resume function). Validation happens once, when the gate is
 * built: an unknown key, a monitor or approver of the wrong shape, a clock without `suspend`, or
 * two names for one role throw PermissionGateOptionsError naming the field and the shapes it
 * accepts — a configured monitor can never be dropped because its key or shape was guessed wrong.
 * `normalizeGateOptions` turns the accepted shapes into the single form ./gate.ts runs.
 */
import { z } from "zod";
import type {
  ApprovalRequest,
  MonitorRequest,
  PermissionGateOptions,
  PermissionMode,
  RefusalMessages,
} from "./permission-types.js";
import { PERMISSION_MODES } from "./permission-types.js";

/** What each option accepts, in the words the error uses. */
export const GATE_OPTION_SHAPES: Readonly<Record<keyof PermissionGateOptions, string>> = {
  mode: `one of ${PERMISSION_MODES.map((m) => JSON.stringify(m)).join(", ")}`,
  sessionAllow: "a Set<string> of capability names",
  approver: 'a function (request) => "allow" | "allow_for_chat" | "deny" | { decision, reason? } (may be async)',
  requestApproval:
    'a function (request) => Promise<"allow" | "allow_for_chat" | "deny"> (NodeTool\'s name for approver)',
  monitor: "a function (request) => verdict, or an object with review(request) => verdict",
  securityMonitor: "a function (action) => Promise<{ block, reason?, tier?, severity? }> (NodeTool's name for monitor)",
  clock: "an object with suspend() and resume(), or with suspend() returning the resume function",
  suspendClock: "a function that suspends the clock and returns the resume function",
  recentTranscript: "a function returning what the monitor sees of the conversation (a list or text)",
  headless: "a boolean",
  host: "a string",
  payloadExtras: "a boolean",
  refusalMessages: "an object mapping refusal codes to (info) => string",
};

export class PermissionGateOptionsError extends TypeError {
  constructor(
    readonly field: string,
    readonly accepted: string,
    message: string,
  ) {
    super(message);
    this.name = "PermissionGateOptionsError";
  }
}

const isFn = (v: unknown): v is (...args: never[]) => unknown => typeof v === "function";
const fn = (field: keyof PermissionGateOptions) => z.custom<(...args: never[]) => unknown>(isFn, { message: field });
const REFUSAL_CODES = [
  "permission_denied",
  "blocked_in_plan_mode",
  "blocked_by_security_monitor",
  "invalid_tool_arguments",
  "aborted",
];

const gateOptionsSchema = z.strictObject({
  mode: z.enum(PERMISSION_MODES, { message: "mode" }),
  sessionAllow: z.custom<Set<string>>((v) => v instanceof Set, { message: "sessionAllow" }).optional(),
  approver: fn("approver").optional(),
  requestApproval: fn("requestApproval").optional(),
  monitor: z
    .custom<unknown>(
      (v) => isFn(v) || (typeof v === "object" && v !== null && isFn((v as { review?: unknown }).review)),
      { message: "monitor" },
    )
    .optional(),
  securityMonitor: fn("securityMonitor").optional(),
  clock: z
    .custom<unknown>((v) => typeof v === "object" && v !== null && isFn((v as { suspend?: unknown }).suspend), {
      message: "clock",
    })
    .optional(),
  suspendClock: fn("suspendClock").optional(),
  recentTranscript: fn("recentTranscript").optional(),
  headless: z.boolean({ message: "headless" }).optional(),
  host: z.string({ message: "host" }).optional(),
  payloadExtras: z.boolean({ message: "payloadExtras" }).optional(),
  refusalMessages: z
    .custom<RefusalMessages>(
      (v) =>
        typeof v === "object" &&
        v !== null &&
        Object.entries(v).every(([k, f]) => REFUSAL_CODES.includes(k) && isFn(f)),
      { message: "refusalMessages" },
    )
    .optional(),
});

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") {
    const keys = Object.keys(v as object);
    return keys.length ? `an object with ${keys.join(", ")}` : "an empty object";
  }
  return typeof v === "function" ? "a function" : `${typeof v} ${JSON.stringify(v)}`;
}

const PAIRS: readonly [keyof PermissionGateOptions, keyof PermissionGateOptions][] = [
  ["approver", "requestApproval"],
  ["monitor", "securityMonitor"],
  ["clock", "suspendClock"],
];

/** Throws PermissionGateOptionsError for anything the schema does not accept. */
export function validateGateOptions(options: unknown): PermissionGateOptions {
  if (typeof options !== "object" || options === null) {
    throw new PermissionGateOptionsError(
      "(options)",
      "an object",
      `Permission gate options must be an object with a mode; got ${describeValue(options)}.`,
    );
  }
  const parsed = gateOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.code === "unrecognized_keys") {
      const keys = (issue as { keys: string[] }).keys;
      const known = Object.keys(GATE_OPTION_SHAPES).join(", ");
      throw new PermissionGateOptionsError(
        keys[0] ?? "(unknown)",
        known,
        `Permission gate options: unknown key${keys.length > 1 ? "s" : ""} ${keys.map((k) => JSON.stringify(k)).join(", ")}; ` +
          `accepted keys are ${known}. Rename the key or drop it (an option the gate does not know is never silently ignored).`,
      );
    }
    const field = String(issue.path[0] ?? "(options)") as keyof PermissionGateOptions;
    const accepted = GATE_OPTION_SHAPES[field] ?? "a known option";
    const got = describeValue((options as Record<string, unknown>)[field]);
    throw new PermissionGateOptionsError(
      field,
      accepted,
      `Permission gate option "${field}" must be ${accepted}; got ${got}.`,
    );
  }
  for (const [a, b] of PAIRS) {
    const o = options as Record<string, unknown>;
    if (o[a] !== undefined && o[b] !== undefined) {
      throw new PermissionGateOptionsError(
        b,
        `either ${a} or ${b}`,
        `Permission gate options give both "${a}" and "${b}"; they name the same role, so pass one of them.`,
      );
    }
  }
  return options as PermissionGateOptions;
}

/** The single form the ladder runs, whichever vocabulary the host used. */
export interface NormalizedGate {
  readonly mode: PermissionMode;
  readonly sessionAllow: Set<string>;
  readonly approve?: (request: ApprovalRequest) => unknown;
  readonly review?: (request: MonitorRequest) => unknown;
  readonly offTheClock: <T>(fn: () => T | Promise<T>) => Promise<T>;
  /** Also suspend this clock around approvals and reviews until the returned detach is called. */
  readonly attachClock: (clock: { suspend(): void; resume(): void }) => () => void;
  readonly transcript: () => unknown;
  readonly headless: boolean;
  readonly host?: string;
  readonly payloadExtras: boolean;
  readonly refusalMessages?: RefusalMessages;
}

/** Suspend the clock the host gave (either shape); the returned function resumes it exactly once. */
function suspender(options: PermissionGateOptions): () => () => void {
  const { clock, suspendClock } = options;
  if (clock) {
    return () => {
      const resume = (clock as { suspend(): unknown }).suspend();
      if (isFn(resume)) return () => void resume();
      const own = (clock as { resume?: unknown }).resume;
      if (!isFn(own)) {
        throw new PermissionGateOptionsError(
          "clock",
          GATE_OPTION_SHAPES.clock,
          `The gate's clock.suspend() returned no resume function and the clock has no resume(); it would stay suspended.`,
        );
      }
      return () => void (own as () => unknown).call(clock);
    };
  }
  if (suspendClock)
    return () => {
      const resume = suspendClock();
      return isFn(resume) ? () => void resume() : () => undefined;
    };
  return () => () => undefined;
}

export function normalizeGateOptions(raw: PermissionGateOptions): NormalizedGate {
  const options = validateGateOptions(raw);
  const approver = options.approver ?? options.requestApproval;
  const monitor = options.monitor ?? options.securityMonitor;
  const suspend = suspender(options);
  // Clocks attached for one guest action each (a host clock of another shape cannot be told
  // about the sandbox's budget, so the gate suspends that budget itself).
  const attached = new Set<{ suspend(): void; resume(): void }>();
  const review = monitor
    ? typeof monitor === "function"
      ? (r: MonitorRequest) => monitor(r)
      : (r: MonitorRequest) => monitor.review(r)
    : undefined;
  return {
    mode: options.mode,
    sessionAllow: options.sessionAllow ?? new Set<string>(),
    ...(approver ? { approve: (r: ApprovalRequest) => approver(r) } : {}),
    ...(review ? { review } : {}),
    async offTheClock(work) {
      const resume = suspend();
      const paused = [...attached];
      for (const c of paused) c.suspend();
      try {
        return await work();
      } finally {
        for (const c of paused) c.resume();
        resume();
      }
    },
    attachClock(clock) {
      attached.add(clock);
      return () => void attached.delete(clock);
    },
    transcript: () => options.recentTranscript?.(),
    headless: options.headless === true,
    ...(options.host !== undefined ? { host: options.host } : {}),
    payloadExtras: options.payloadExtras === true,
    ...(options.refusalMessages ? { refusalMessages: options.refusalMessages } : {}),
  };
}
