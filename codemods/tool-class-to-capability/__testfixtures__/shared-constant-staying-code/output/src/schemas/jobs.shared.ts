/**
 * Constants shared by the "jobs" capability specs and code that stays in the tools files: data
 * only (literals, arrays and objects of them, zod schemas), so a specs file may import them.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */

/** Every status a job can have. */
export const JOB_STATUSES = ["queued", "running", "done"] as const;
