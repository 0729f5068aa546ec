/**
 * The bundle smoke check's public face (`capkit smoke`): bundle an entry with esbuild and run
 * it next to the source run. Consumed by bin/commands/smoke.ts.
 */
export { runSmoke, type SmokeOptions, type SmokeResult } from "./smoke.js";
