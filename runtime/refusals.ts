/**
 * The words a refusal carries back to the model: what happened and what to do instead.
 * One place for every payload `invoke` returns as a value. The payload is the reference's
 * shape by default — `{ error, message }`, plus `issues` for invalid arguments; capkit's extra
 * `capability` field only with `payloadExtras`. A host whose tests pin its own sentences passes
 * `refusalMessages`. Consumed by ./gate.ts and ./run.ts.
 */
import type { PermissionCategory, RefusalInfo, RefusalMessages } from "./permission-types.js";
import type { Refusal, RefusalCode } from "./types.js";
import { PERMISSION_GATE_CONTEXT_KEY_TEXT } from "./constants.js";

function monitorMessage(info: RefusalInfo): string {
  const { capability: name } = info;
  const graded =
    info.tier !== undefined || info.severity !== undefined
      ? ` (tier: ${info.tier ?? "unknown"}, severity: ${info.severity ?? "unknown"})`
      : "";
  const reason = info.reason?.trim() ? info.reason.trim() : "it judged this action unsafe";
  const next =
    info.tier === "hard"
      ? "A hard block marks a security boundary that no instruction from the user lifts: do not retry; pick a safe alternative."
      : "Do not retry the same call. If the user explicitly asked for exactly this action, say so; otherwise suggest a safer way.";
  return `The security monitor blocked \`${name}\`${graded}: ${reason}. ${next}`;
}

const DEFAULT_MESSAGES: Required<{ [K in RefusalCode]: (info: RefusalInfo) => string }> = {
  permission_denied: (info) => {
    const because = info.reason ? ` Reason: ${info.reason}.` : "";
    return info.headless
      ? `\`${info.capability}\` (${info.category}) needs approval, but this run has no one to ask (no permission gate ` +
          `was published under "${PERMISSION_GATE_CONTEXT_KEY_TEXT}"), so it was denied. Continue with read-only ` +
          `capabilities or report that the host must publish its permission gate options.`
      : `The user declined \`${info.capability}\`.${because} Do not repeat the call; say what you meant to do or offer another way.`;
  },
  blocked_in_plan_mode: (info) =>
    `\`${info.capability}\` is a ${info.category} capability and the session is in plan mode, where only reads run. ` +
    `Write the change into your plan instead; it can run once the user leaves plan mode.`,
  blocked_by_security_monitor: monitorMessage,
  invalid_tool_arguments: (info) =>
    `Invalid arguments for ${info.capability}: ${(info.issues ?? []).join("; ") || info.reason || "they do not match its input schema"}`,
  aborted: (info) => `\`${info.capability}\` was not run: the run was cancelled. Stop and report what was done so far.`,
};

export function refusalMessage(
  code: RefusalCode,
  request: { capability: string; category: PermissionCategory },
  extra: Omit<RefusalInfo, "capability" | "category"> & { messages?: RefusalMessages } = {},
): string {
  const { messages, ...rest } = extra;
  const info: RefusalInfo = { ...rest, capability: request.capability, category: request.category };
  return (messages?.[code] ?? DEFAULT_MESSAGES[code])(info);
}

export interface RefusalOptions extends Omit<RefusalInfo, "capability" | "category"> {
  /** A message already worded (the gate's verdict). */
  readonly message?: string;
  readonly messages?: RefusalMessages;
  /** capkit's extra fields (`capability`) on top of the reference's `{ error, message }`. */
  readonly extras?: boolean;
}

export function refusal(
  code: RefusalCode,
  request: { capability: string; category: PermissionCategory },
  extra: RefusalOptions = {},
): Refusal {
  const { message, extras, ...info } = extra;
  return {
    error: code,
    message: message ?? refusalMessage(code, request, info),
    ...(extras ? { capability: request.capability } : {}),
    ...(info.issues ? { issues: info.issues } : {}),
  };
}

export const REFUSAL_CODES: readonly RefusalCode[] = [
  "permission_denied",
  "blocked_in_plan_mode",
  "blocked_by_security_monitor",
  "invalid_tool_arguments",
  "aborted",
];

/** True for any value `invoke` returned as a refusal (the payload shape, not an instance). */
export function isRefusal(value: unknown): value is Refusal {
  if (typeof value !== "object" || value === null) return false;
  return (REFUSAL_CODES as readonly unknown[]).includes((value as { error?: unknown }).error);
}

/**
 * The failure text of an `{ error }` payload — a refusal or an implementation's own error
 * result — or null for a normal value: `message` when it is a non-empty string, else `error`.
 * The guest sees such a payload as a thrown error, never as a value to compute with.
 */
export function errorPayloadText(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { error, message } = value as { error?: unknown; message?: unknown };
  if (typeof error !== "string") return null;
  return typeof message === "string" && message.trim() !== "" ? message : error;
}
