/**
 * Job tools. The status list is used by the tool's schema, its implementation and a helper
 * that stays here.
 */

import { JOB_STATUSES } from "../schemas/jobs.shared.js";

export function isJobStatus(value: string): boolean {
  return (JOB_STATUSES as readonly string[]).includes(value);
}
