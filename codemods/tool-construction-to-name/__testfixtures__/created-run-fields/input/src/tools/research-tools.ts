/**
 * Research tools whose constructors take host dependencies no configured run field covers:
 * each parameter becomes a run field of its own, and constructor defaults move into the impl.
 */

export interface FetchSettings {
  readonly timeoutMs?: number;
}

export interface DelegateOptions {
  readonly model: string;
}

export interface SummaryOptions {
  readonly maxWords?: number;
}
