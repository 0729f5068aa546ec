/**
 * The words a refusal carries back to the model: what happened and what to do instead.
 * One place for every message `invoke` returns as a value; consumed by ./gate.ts and ./run.ts.
 */
import type { ApprovalRequest } from "./permission-types.js";
import type { Refusal, RefusalCode } from "./types.js";
import { PERMISSION_GATE_CONTEXT_KEY_TEXT } from "./constants.js";

export function refusalMessage(
  code: RefusalCode,
  request: Pick<ApprovalRequest, "capability" | "category">,
  extra: { headless?: boolean; reason?: string } = {},
): string {
  const { capability: name, category } = request;
  const because = extra.reason ? ` Reason: ${extra.reason}.` : "";
  switch (code) {
    case "permission_denied":
      return extra.headless
        ? `${name} (${category}) needs approval, but this run has no permission gate (nothing published under ` +
            `"${PERMISSION_GATE_CONTEXT_KEY_TEXT}"), so it was denied. Continue with read-only capabilities or report ` +
            `that the host must publish PermissionGateOptions.`
        : `The user denied ${name}.${because} Do not retry it; continue without it, or ask the user how to proceed.`;
    case "blocked_in_plan_mode":
      return `${name} is a ${category} capability and the session is in plan mode. Describe the change in your ` +
        `plan instead of making it; it can run once the user leaves plan mode.`;
    case "blocked_by_security_monitor":
      return `The security monitor blocked ${name}.${because} Do not retry it with the same arguments; tell the ` +
        `user what you were trying to do and let them decide.`;
    case "invalid_tool_arguments":
      return `The arguments for ${name} do not match its input schema.${because} Fix the arguments listed in ` +
        `"issues" and call it again.`;
    case "aborted":
      return `${name} was not run: the run was cancelled. Stop and report what was done so far.`;
  }
}

export function refusal(
  code: RefusalCode,
  request: Pick<ApprovalRequest, "capability" | "category">,
  extra: { headless?: boolean; reason?: string; issues?: readonly string[]; message?: string } = {},
): Refusal {
  return {
    error: code,
    message: extra.message ?? refusalMessage(code, request, extra),
    capability: request.capability,
    ...(extra.issues ? { issues: extra.issues } : {}),
  };
}

/** True for any value `invoke` returned as a refusal (the payload shape, not an instance). */
export function isRefusal(value: unknown): value is Refusal {
  if (typeof value !== "object" || value === null) return false;
  const e = (value as { error?: unknown }).error;
  return (
    e === "permission_denied" || e === "blocked_in_plan_mode" || e === "blocked_by_security_monitor" ||
    e === "invalid_tool_arguments" || e === "aborted"
  );
}
