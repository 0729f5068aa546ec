/**
 * The TypeScript compiler, loaded through `require`: an ESM `import` of this 9 MB CommonJS
 * file makes Node scan it for named exports first, which costs `capkit lint` a second or
 * more at start-up. Types come from `import type TS from "typescript"` where needed.
 */
import { createRequire } from "node:module";
import type TS from "typescript";

export const ts: typeof TS = createRequire(import.meta.url)("typescript") as typeof TS;
