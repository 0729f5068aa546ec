/**
 * The exit code an inventory report deserves, shared by every reporter so they agree:
 * 1 when the ratchet got worse or has no baseline to compare with, or when scan problems
 * made the counts incomplete; 0 otherwise.
 */
import type { InventoryReport } from "../inventory/types.js";
import { ratchetFails } from "./ratchet-text.js";

export function inventoryExitCode(report: InventoryReport): number {
  if (report.inventory.incomplete) return 1;
  return ratchetFails(report.ratchet?.status) ? 1 : 0;
}
