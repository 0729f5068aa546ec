/**
 * The executable users run (package.json "bin": the build in dist/), for benches that measure a
 * whole `capkit` process. `npm run bench` builds dist/ first (the prebench script).
 */
import { join } from "node:path";

export const CAPKIT_BIN = join(import.meta.dirname, "..", "dist", "bin", "run.js");
