/**
 * Constants shared by the "jobs" capability specs and code that stays in the tools files: data
 * only (literals, arrays and objects of them, zod schemas), so a specs file may import them.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */

/** Kept from an earlier run: must not be rewritten or declared twice. */
export const JOB_KINDS = ["render", "export"] as const;
