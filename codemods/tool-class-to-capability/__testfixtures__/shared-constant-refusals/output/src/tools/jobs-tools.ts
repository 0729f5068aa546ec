import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

// Same name as the shared module's JOB_KINDS, different value: never clobbered, so refused.
const JOB_KINDS = ["render"] as const;

const PREFIX = String("jobs"); // a call: not data
const DATA_ON_CODE = `${PREFIX}: list`; // data, but needs PREFIX

export function kinds(): readonly string[] {
  return [...JOB_KINDS, DATA_ON_CODE];
}

export class KindsTool extends Tool {
  readonly name = "job_kinds";
  readonly description = `Kinds: ${JOB_KINDS.join(", ")}`;

  async process(context: ProcessingContext) {
    return { kinds: context.jobs.list(context.userId).length };
  }
}

export class PrefixedTool extends Tool {
  readonly name = "prefixed_jobs";
  readonly description = DATA_ON_CODE;

  async process(context: ProcessingContext) {
    return { jobs: context.jobs.list(context.userId) };
  }
}
