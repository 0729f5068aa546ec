/**
 * Types of the run fields migrated capabilities read: an augmentation of the runtime's
 * CapabilityHostTypes, so run.context and the fields old constructors took keep their types.
 * Written by `capkit migrate`; re-runs add missing fields only.
 */
import type { Options } from "../tools/archive-tools.js";
import type { Options as Options2 } from "../tools/notes-tools.js";

declare module "capkit/runtime" {
  interface CapabilityHostTypes {
  }
  interface CapabilityRunFields {
    readonly options?: Options;
    readonly listNotesOptions?: Options2;
  }
}

export {};
