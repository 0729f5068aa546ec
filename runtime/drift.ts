/**
 * Drift checks over a capability table: the spec-only part runs synchronously on the eager
 * specs (missing name / description / input schema / category, an unknown category such as
 * "reed", duplicate wire names within and across modules); the module part compares each
 * loaded module with its eager specs (module key ≠ declared name, spec identity, declared but
 * not implemented and the reverse). Returns problem lists; consumed by the registry and CI.
 */
import { PERMISSION_CATEGORIES } from "./permission-types.js";
import type { CapabilityModule, CapabilitySpec } from "./types.js";

export type DriftCode =
  | "bad-entry"
  | "missing-name"
  | "missing-description"
  | "missing-input-schema"
  | "missing-category"
  | "unknown-category"
  | "duplicate-name"
  | "module-name-mismatch"
  | "spec-identity"
  | "declared-not-implemented"
  | "implemented-not-declared"
  | "missing-impl"
  | "module-load-failed";

export interface DriftProblem {
  readonly code: DriftCode;
  readonly module: string;
  readonly capability?: string;
  readonly message: string;
}

function nearestCategory(value: string): string | undefined {
  const distance = (a: string, b: string): number => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let prev = row[0] as number;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const cur = row[j] as number;
        row[j] = Math.min(cur + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = cur;
      }
    }
    return row[b.length] as number;
  };
  const best = [...PERMISSION_CATEGORIES].sort((x, y) => distance(value, x) - distance(value, y))[0];
  return best !== undefined && distance(value, best) <= 2 ? best : undefined;
}

export interface SpecTableEntry {
  readonly specs: readonly CapabilitySpec[];
}

/** Spec-only checks: synchronous, no module is loaded. */
export function specDrift(table: Readonly<Record<string, SpecTableEntry>>): DriftProblem[] {
  const problems: DriftProblem[] = [];
  const owners = new Map<string, string>();
  for (const [module, entry] of Object.entries(table)) {
    if (!entry || !Array.isArray(entry.specs)) {
      problems.push({
        code: "bad-entry",
        module,
        message: `module "${module}": the table entry needs { loader, specs: [...] }`,
      });
      continue;
    }
    const seen = new Set<string>();
    entry.specs.forEach((spec, index) => {
      const where = `module "${module}" spec #${index}`;
      const name = typeof spec?.name === "string" && spec.name.trim() !== "" ? spec.name : undefined;
      const label = name ? `${where} (${name})` : where;
      const push = (code: DriftCode, message: string) =>
        problems.push({ code, module, ...(name ? { capability: name } : {}), message });
      if (!name) push("missing-name", `${where}: missing wire name`);
      if (typeof spec?.description !== "string" || spec.description.trim() === "")
        push("missing-description", `${label}: missing description`);
      if (typeof spec?.inputSchema !== "object" || spec.inputSchema === null)
        push("missing-input-schema", `${label}: missing inputSchema (a JSON Schema object)`);
      const category: unknown = spec?.category;
      if (category === undefined || category === null || category === "") {
        push("missing-category", `${label}: missing category; set one of ${PERMISSION_CATEGORIES.join(" | ")}`);
      } else if (!(PERMISSION_CATEGORIES as readonly unknown[]).includes(category)) {
        const hint = typeof category === "string" ? nearestCategory(category) : undefined;
        push(
          "unknown-category",
          `${label}: unknown category ${JSON.stringify(category)}${hint ? ` — did you mean "${hint}"?` : ""}`,
        );
      }
      if (!name) return;
      if (seen.has(name)) push("duplicate-name", `${label}: "${name}" is declared twice in module "${module}"`);
      else if (owners.has(name))
        push("duplicate-name", `${label}: "${name}" is already declared by module "${owners.get(name)}"`);
      seen.add(name);
      if (!owners.has(name)) owners.set(name, module);
    });
  }
  return problems;
}

/** One loaded module against its eager specs: key, identity, both directions of coverage. */
export function moduleDrift(key: string, specs: readonly CapabilitySpec[], loaded: CapabilityModule): DriftProblem[] {
  const problems: DriftProblem[] = [];
  if (loaded?.module !== key) {
    problems.push({
      code: "module-name-mismatch",
      module: key,
      message: `module loaded under "${key}" declares module: ${JSON.stringify(loaded?.module)}`,
    });
  }
  const exported = new Map<string, CapabilitySpec>();
  for (const exp of Array.isArray(loaded?.exports) ? loaded.exports : []) {
    const name = exp?.spec?.name;
    if (typeof name !== "string") continue;
    exported.set(name, exp.spec);
    if (typeof exp.impl !== "function") {
      problems.push({
        code: "missing-impl",
        module: key,
        capability: name,
        message: `module "${key}": export "${name}" has no impl function`,
      });
    }
  }
  const declared = new Map(specs.filter((s) => typeof s?.name === "string").map((s) => [s.name, s] as const));
  for (const [name, spec] of declared) {
    const got = exported.get(name);
    if (!got)
      problems.push({
        code: "declared-not-implemented",
        module: key,
        capability: name,
        message: `module "${key}": "${name}" is in the eager specs but the module does not export it`,
      });
    else if (got !== spec)
      problems.push({
        code: "spec-identity",
        module: key,
        capability: name,
        message: `module "${key}": "${name}" exports a different spec object than the eager table; import the spec from the .specs file instead of copying it`,
      });
  }
  for (const name of exported.keys()) {
    if (!declared.has(name))
      problems.push({
        code: "implemented-not-declared",
        module: key,
        capability: name,
        message: `module "${key}": exports "${name}", which its eager specs do not declare`,
      });
  }
  return problems;
}
