/** Test helpers: scan a case tree under inventory/__fixtures__, or a temp copy of one. */
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseConfig } from "../../lib/config/index.js";
import { scanInventory } from "../scan/scan-inventory.js";
import type { ClassRecord, InventoryResult } from "../types.js";

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "..", "__fixtures__");

export function fixturePath(name: string): string {
  return join(FIXTURES, name);
}

export async function scanCase(name: string, config?: unknown): Promise<InventoryResult> {
  return scanInventory(fixturePath(name), config === undefined ? {} : { config: parseConfig(config, "test config") });
}

/** A throwaway copy of a case tree (for tests that write a baseline or saved results). */
export function copyCase(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `capkit-inv-${name}-`));
  cpSync(fixturePath(name), dir, { recursive: true });
  return dir;
}

export function byName(result: InventoryResult, name: string | null): ClassRecord {
  const found = result.classes.find((c) => c.name === name);
  if (!found) throw new Error(`no class ${String(name)} in ${result.classes.map((c) => c.name).join(", ")}`);
  return found;
}

/** The class names of a result, sorted. */
export function classNames(result: { classes: readonly { name: string | null }[] }): (string | null)[] {
  return result.classes.map((c) => c.name).sort();
}

/** A class's `extends …` evidence lines: how its base was resolved. */
export function extendsEvidence(result: InventoryResult, name: string | null): string {
  return byName(result, name)
    .evidence.filter((e) => e.startsWith("extends "))
    .join("\n");
}

/** The resolution line of a class whose base resolved to the fixture trees' Tool. */
export const BASE_AT = "resolved to Tool declared at packages/agents/src/tools/base-tool.ts:2";
