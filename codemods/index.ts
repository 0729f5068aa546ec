/**
 * The codemods `capkit migrate` runs, in run order — the one table of them. `per-namespace`
 * codemods run once per selected namespace (so the runner can attribute files to a namespace);
 * `once` codemods run after them over the same VirtualTree, with every selected namespace.
 */
import type { Codemod } from "./codemod.js";
import { toolClassToCapability } from "./tool-class-to-capability/index.js";
// ── call-site codemods (owned by the call-site engineer) ────────────────────────────────────
import { toolConstructionToName } from "./tool-construction-to-name/index.js";
import { gateToolsToCapabilities } from "./gate-tools-to-capabilities/index.js";

export interface CodemodEntry {
  readonly codemod: Codemod;
  readonly scope: "per-namespace" | "once";
  /** Units this codemod reports as `changed` count as rewritten call sites. */
  readonly callSites: boolean;
}

export const CODEMODS: readonly CodemodEntry[] = [
  { codemod: toolClassToCapability, scope: "per-namespace", callSites: false },
  // ── call-site codemods: register here, after the class move, in the order they must run ──
  { codemod: toolConstructionToName, scope: "once", callSites: true },
  { codemod: gateToolsToCapabilities, scope: "once", callSites: true },
  // ── end of call-site codemods ──────────────────────────────────────────────────────────────
];
