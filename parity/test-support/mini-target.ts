/**
 * Test support for the parity suites: a fresh temp copy of the hand-written mini target (old
 * Tool classes and migrated capabilities side by side), an importer that loads its TypeScript
 * through vitest (aliases resolve `capkit/runtime`), and small file edits.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ModuleImporter } from "../load-target.js";

export const MINI_TARGET = resolve(dirname(fileURLToPath(import.meta.url)), "../__fixtures__/mini-target");
export const CAPS = "packages/agents/src/capabilities";

const made: string[] = [];

export function copyMiniTarget(): string {
  const dir = mkdtempSync(join(tmpdir(), "capkit-parity-"));
  made.push(dir);
  cpSync(MINI_TARGET, dir, { recursive: true });
  return dir;
}

export function cleanupCopies(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

export const vitestImporter: ModuleImporter = async (root, rel) =>
  (await import(/* @vite-ignore */ pathToFileURL(join(root, rel)).href)) as Record<string, unknown>;

export function edit(root: string, rel: string, from: string | RegExp, to: string): void {
  const path = join(root, rel);
  const text = readFileSync(path, "utf8");
  const next = text.replace(from, to);
  if (next === text) throw new Error(`edit: ${String(from)} not found in ${rel}`);
  writeFileSync(path, next);
}
