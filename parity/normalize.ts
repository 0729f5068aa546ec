/**
 * Comparable outcomes for record / replay: a result becomes plain JSON data (keys sorted,
 * undefined dropped), an invalid-arguments payload from either side becomes one marker (the
 * Tool class and `invoke` word it differently by design), a throw becomes `{ $threw }`, and the
 * declared non-deterministic paths are replaced by a marker on both sides. `firstDifference`
 * names the first path where two outcomes disagree. Pure; consumed by record.ts and replay.ts.
 */

export const IGNORED = "<nondeterministic>";
export const INVALID_ARGUMENTS = { error: "invalid_tool_arguments" } as const;

/** JSON data with sorted keys; functions, symbols and undefined dropped like JSON.stringify. */
export function canonical(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) return null;
    if (typeof value === "bigint") return value.toString();
    return typeof value === "function" || typeof value === "symbol" ? undefined : value;
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return canonical((toJSON as () => unknown).call(value), seen);
  if (seen.has(value)) return "<circular>";
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => canonical(v, seen) ?? null);
    if (value instanceof Map) return canonical(Object.fromEntries(value), seen);
    if (value instanceof Set) return canonical([...value], seen);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = canonical((value as Record<string, unknown>)[key], seen);
      if (v !== undefined) out[key] = v;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

function isInvalidArguments(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && (value as { error?: unknown }).error === "invalid_tool_arguments"
  );
}

/** The outcome of one call as recorded and compared. */
export function outcomeOf(result: { value: unknown } | { thrown: unknown }): unknown {
  if ("thrown" in result) {
    const err = result.thrown;
    return { $threw: err instanceof Error ? err.message : String(err) };
  }
  if (isInvalidArguments(result.value)) return { ...INVALID_ARGUMENTS };
  const c = canonical(result.value);
  return c === undefined ? null : c;
}

interface Pattern {
  readonly capability: string | null;
  readonly segments: readonly string[];
}

/** "created_at", "**.updated_at", "list_jobs:jobs[*].id" → capability filter + path segments. */
export function parsePattern(text: string): Pattern {
  const colon = text.indexOf(":");
  const capability = colon > 0 && !text.slice(0, colon).includes(".") ? text.slice(0, colon) : null;
  const path = capability ? text.slice(colon + 1) : text;
  const segments = path
    .replace(/\[(\d+|\*)\]/g, ".$1")
    .split(".")
    .filter((s) => s !== "");
  // A bare key ("created_at") means that key at any depth.
  return { capability, segments: segments.length === 1 && segments[0] !== "**" ? ["**", ...segments] : segments };
}

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length === 0) return path.length === 0;
  const [head, ...rest] = pattern;
  if (head === "**") {
    for (let i = 0; i <= path.length; i++) if (matches(rest, path.slice(i))) return true;
    return false;
  }
  if (path.length === 0) return false;
  return (head === "*" || head === path[0]) && matches(rest, path.slice(1));
}

/** Replace every declared non-deterministic path of `capability`'s outcome by IGNORED. */
export function maskNondeterministic(capability: string, outcome: unknown, patterns: readonly string[]): unknown {
  const active = patterns.map(parsePattern).filter((p) => p.capability === null || p.capability === capability);
  if (active.length === 0) return outcome;
  const walk = (value: unknown, path: string[]): unknown => {
    if (path.length > 0 && active.some((p) => matches(p.segments, path))) return IGNORED;
    if (Array.isArray(value)) return value.map((v, i) => walk(v, [...path, String(i)]));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, [...path, k])]));
    }
    return value;
  };
  return walk(outcome, []);
}

function show(value: unknown): string {
  if (value === undefined) return "(missing)";
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** "at $.workflows[0].name: expected "Shout", got "SHOUT"", or null when equal. */
export function firstDifference(expected: unknown, actual: unknown, path = "$"): string | null {
  if (Object.is(expected, actual)) return null;
  const bothObjects =
    typeof expected === "object" && expected !== null && typeof actual === "object" && actual !== null;
  if (!bothObjects || Array.isArray(expected) !== Array.isArray(actual)) {
    return `at ${path}: expected ${show(expected)}, got ${show(actual)}`;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      const d = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const e = expected as Record<string, unknown>;
  const a = actual as Record<string, unknown>;
  for (const key of [...new Set([...Object.keys(e), ...Object.keys(a)])].sort()) {
    const sub = /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
    const d = firstDifference(e[key], a[key], sub);
    if (d) return d;
  }
  return null;
}

/** Sorted-key, two-space JSON with a trailing newline: stable text for committed files. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(canonical(value), null, 2)}\n`;
}
