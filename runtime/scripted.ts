/**
 * Scripted stand-ins for the human and the monitor, for tests and `capkit parity`: answers
 * come from a per-capability table (an answer or a queue of answers) with a fallback, and
 * every request is recorded in order. Consumed by test suites and the parity harness.
 */
import type { ApprovalAnswer, ApprovalRequest, MonitorRequest } from "./permission-types.js";

export type ApprovalScript = Readonly<Record<string, ApprovalAnswer | readonly ApprovalAnswer[]>>;

/** Synchronous, so a harness can read the answer it gave; still assignable to Approver. */
export interface ScriptedApprover {
  (request: ApprovalRequest): ApprovalAnswer;
  readonly requests: ApprovalRequest[];
}

/** Answers by capability name; a queue is consumed one answer per request, then `fallback`. */
export function scriptedApprover(script: ApprovalScript = {}, fallback: ApprovalAnswer = "deny"): ScriptedApprover {
  const queues = new Map<string, ApprovalAnswer[]>();
  for (const [name, answer] of Object.entries(script))
    queues.set(name, typeof answer === "string" ? [answer] : [...answer]);
  const requests: ApprovalRequest[] = [];
  const approver = (request: ApprovalRequest): ApprovalAnswer => {
    requests.push(request);
    const queue = queues.get(request.capability);
    if (!queue || queue.length === 0) return fallback;
    // A single scripted answer stays in force; a queue drains to the fallback.
    return queue.length === 1 && typeof script[request.capability] === "string"
      ? (queue[0] as ApprovalAnswer)
      : (queue.shift() as ApprovalAnswer);
  };
  return Object.assign(approver, { requests });
}

export interface ScriptedMonitor {
  (request: MonitorRequest): "allow" | { verdict: "block"; reason: string };
  readonly requests: MonitorRequest[];
}

/** Blocks the listed capabilities (with the given reason), allows the rest; records requests. */
export function scriptedMonitor(block: Readonly<Record<string, string>> = {}): ScriptedMonitor {
  const requests: MonitorRequest[] = [];
  const monitor = (request: MonitorRequest) => {
    requests.push(request);
    const reason = block[request.capability];
    return reason === undefined ? ("allow" as const) : { verdict: "block" as const, reason };
  };
  return Object.assign(monitor, { requests });
}
