/**
 * The TypeScript compiler for the lint engine, loaded once through lib/typescript.ts (a
 * `require`, not an ESM import, which would cost `capkit lint` a second or more at start-up).
 * Types come from `import type TS from "typescript"` where needed.
 */
import type TS from "typescript";
import { getTypeScript } from "../../lib/typescript.js";

export const ts: typeof TS = getTypeScript();
