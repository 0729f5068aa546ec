/**
 * Constants shared by the "jobs" capability specs and code that stays in the tools files: data
 * only (literals, arrays and objects of them, zod schemas), so a specs file may import them.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */

import { z } from "zod";

export const MAX_LIMIT = 100;

// Reused by the staying validator below.
export const LIMIT_SCHEMA = { type: "integer", minimum: 1, maximum: MAX_LIMIT } satisfies Record<string, unknown>;

export const NAME_FIELD = z.string().min(1).describe("The job's name.");
