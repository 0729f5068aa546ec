/**
 * Docs tools: the wire names are file constants, which the inventory reads as fixed identities.
 */

import { INDEX_DOCS } from "../schemas/docs.shared.js";

export function isIndexCall(toolName: string): boolean {
  // Staying code names a tool too: its constant goes to the shared module, both sides import it.
  return toolName === INDEX_DOCS;
}
