/**
 * Constants shared by the "lookup" capability specs and code that stays in the tools files: data
 * only (literals, arrays and objects of them, zod schemas), so a specs file may import them.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */

import { z } from "zod";

export const LookupInput = z.object({ key: z.string() });
