/**
 * Test-only: the fixture inventory for the call-site codemods. The shared stub fills a partial
 * inventory but keeps only the contract's fields; this puts back `constructorParams` (the
 * constructor parameter names the class move hands over), so fixtures whose classes are already
 * gone from the tree can still map constructor arguments to run fields.
 */
import type { InventoryResult } from "../../inventory/types.js";
import { inventoryFromPartial, type FixtureCase } from "./index.js";
import type { VirtualTree } from "../plan.js";

export function fixtureInventory(fixture: FixtureCase, tree: VirtualTree): InventoryResult {
  const base = inventoryFromPartial(fixture.inventory, tree.root);
  const raw = (fixture.inventory ?? {}) as {
    classes?: readonly { name?: unknown; file?: unknown; constructorParams?: unknown }[];
  };
  const params = new Map((raw.classes ?? []).map((c) => [`${String(c.file)}#${String(c.name)}`, c.constructorParams]));
  return {
    ...base,
    classes: base.classes.map((c) => {
      const p = params.get(`${c.file}#${String(c.name)}`);
      return p === undefined ? c : { ...c, constructorParams: p };
    }),
  };
}
