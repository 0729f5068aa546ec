import { MAX_JOBS } from "./tools/jobs-tools.js";

export function pageCount(total: number): number {
  return Math.ceil(total / MAX_JOBS);
}
