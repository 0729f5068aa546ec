/**
 * zod for the config schema, required on first use: a run without a config file fills the
 * defaults from plain data (defaults.ts) and never loads zod. `require` (its CommonJS build)
 * because parsing a config is synchronous and an ESM import cannot be deferred synchronously.
 * The schema is self-contained, so sharing no zod instance with other ESM importers is harmless.
 */
import { createRequire } from "node:module";
import type * as Zod from "zod";

export type ZodApi = typeof Zod.z;

let loaded: ZodApi | undefined;

export function getZod(): ZodApi {
  loaded ??= (createRequire(import.meta.url)("zod") as typeof Zod).z;
  return loaded;
}
