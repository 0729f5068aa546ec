/**
 * Types of the run fields migrated capabilities read: an augmentation of the runtime's
 * CapabilityHostTypes, so run.context and the fields old constructors took keep their types.
 * Written by `capkit migrate`; re-runs add missing fields only.
 */
import type { LongTermMemory } from "../memory/long-term.js";
import type { SerpProvider } from "../providers/serp.js";
import type { DelegateOptions, FetchSettings, SummaryOptions } from "../tools/research-tools.js";

declare module "capkit/runtime" {
  interface CapabilityHostTypes {
  }
  interface CapabilityRunFields {
    readonly workspaceRoot?: string;
    readonly provider?: SerpProvider;
    readonly limit?: number;
    readonly bound?: LongTermMemory | null;
    readonly settings?: FetchSettings;
    readonly options?: DelegateOptions;
    readonly summaryOptions?: SummaryOptions;
  }
}

export {};
