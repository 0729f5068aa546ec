/**
 * Checks 1 and 2 of the parity harness, over a loaded registry:
 *  - drift: every registered export has a name, description, input schema, valid category and
 *    an implementation; no duplicate wire names; eager specs are the very objects the modules
 *    export; declared modules = implemented modules (in the table and, when given, on disk);
 *  - category snapshot: the registry's name → category equals the committed snapshot, and each
 *    capability keeps the category the old categories map gave it (unlisted → external).
 * Every problem names the capability (or module). Consumed by ./engine.ts and ./vitest.ts.
 */
import { PERMISSION_CATEGORIES } from "../runtime/index.js";
import type { ParityCheck, ParityTarget } from "./types.js";

export async function driftCheck(target: ParityTarget): Promise<ParityCheck> {
  const { registry } = target;
  const problems: string[] = [];
  for (const p of await registry.checkDrift()) {
    problems.push(p.capability && !p.message.includes(p.capability) ? `${p.capability}: ${p.message}` : p.message);
  }
  const modules = registry.modules();
  for (const key of modules) {
    if ((registry.moduleSpecs(key) ?? []).length === 0)
      problems.push(`module "${key}" is registered but declares no capabilities`);
  }
  if (target.moduleFiles) {
    const onDisk = new Set(target.moduleFiles);
    for (const key of modules)
      if (!onDisk.has(key)) problems.push(`module "${key}" is declared in the registry but has no ${key}.ts file`);
    for (const key of onDisk) {
      if (!modules.includes(key))
        problems.push(
          `module file ${key}.ts implements capabilities the registry does not declare (add "${key}" to the registry table)`,
        );
    }
  }
  const count = registry.listCapabilitySpecs().length;
  return {
    name: "drift",
    ok: problems.length === 0,
    problems,
    summary: `${count} capabilities in ${modules.length} modules`,
  };
}

export function categoryCheck(target: ParityTarget): ParityCheck {
  const problems: string[] = [];
  const skipped: string[] = [];
  const current = target.registry.categorySnapshot() as Record<string, string>;
  const label = target.snapshotLabel ?? "the committed snapshot";
  if (!target.snapshot) {
    problems.push(
      `no category snapshot is committed (${label}): write the registry's name → category map there and commit it`,
    );
  } else {
    const committed = target.snapshot;
    for (const name of Object.keys(current).sort()) {
      if (!(name in committed))
        problems.push(
          `${name}: category "${current[name]}" is not in ${label} (new capability: add it to the snapshot)`,
        );
      else if (committed[name] !== current[name]) {
        problems.push(
          `${name}: category changed from "${committed[name]}" (${label}) to "${current[name]}" (registry)`,
        );
      }
    }
    for (const name of Object.keys(committed).sort()) {
      if (!(name in current)) problems.push(`${name}: in ${label} (as "${committed[name]}") but no longer registered`);
    }
  }
  const old = target.oldCategories;
  const oldLabel = target.oldCategoriesLabel ?? "the old categories map";
  if (!old) {
    skipped.push(`old-map comparison: no old categories map was found (${oldLabel})`);
  } else {
    for (const name of Object.keys(current).sort()) {
      const was = Object.prototype.hasOwnProperty.call(old, name) ? old[name] : "external";
      if (!(PERMISSION_CATEGORIES as readonly string[]).includes(String(current[name]))) continue; // drift reports it
      if (was !== current[name]) {
        const unlisted = Object.prototype.hasOwnProperty.call(old, name) ? "" : ", unlisted → external";
        problems.push(
          `${name}: reclassified during migration: old category "${was}" (${oldLabel}${unlisted}), new category "${current[name]}"`,
        );
      }
    }
  }
  return {
    name: "category-snapshot",
    ok: problems.length === 0,
    problems,
    summary: `${Object.keys(current).length} categories compared with ${label}${old ? ` and ${oldLabel}` : ""}`,
    ...(skipped.length ? { skipped } : {}),
  };
}
