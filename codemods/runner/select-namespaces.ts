/** Which namespaces a migrate run covers: the ones asked for, checked against those the repo knows. */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { InventoryResult } from "../../inventory/types.js";
import { didYouMean } from "../../lib/did-you-mean.js";
import { UsageError } from "../../lib/errors.js";
import type { MigrateOptions } from "./migrate.js";

/** Namespaces the inventory proposes for capability classes, plus modules already in the capabilities folder. */
export function knownNamespaces(root: string, inventory: InventoryResult, capabilitiesDir: string): string[] {
  const out = new Set<string>();
  for (const c of inventory.classes) if (c.namespace) out.add(c.namespace);
  const dir = join(root, capabilitiesDir);
  if (existsSync(dir))
    for (const f of readdirSync(dir)) if (f.endsWith(".specs.ts")) out.add(f.slice(0, -".specs.ts".length));
  return [...out].sort();
}

/** The namespaces asked for (every capability namespace for "all"), refusing names the repo does not know. */
export function selectedNamespaces(root: string, inventory: InventoryResult, opts: MigrateOptions): string[] {
  const known = knownNamespaces(root, inventory, opts.config.codemods.capabilitiesDir);
  const selected =
    opts.namespaces === "all"
      ? [
          ...new Set(
            inventory.classes.filter((c) => c.kind === "capability" && c.namespace).map((c) => c.namespace as string),
          ),
        ].sort()
      : [...new Set(opts.namespaces)];
  const unknown = selected.filter((ns) => !known.includes(ns));
  if (unknown.length)
    throw new UsageError(`unknown namespace${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`, {
      hint: `${unknown.length === 1 ? didYouMean(unknown[0]!, known) : ""}known namespaces: ${known.join(", ") || "(none — the inventory found no namespaced classes)"}`,
    });
  return selected;
}
