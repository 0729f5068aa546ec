/**
 * Keeping migrate's own output lint-clean across the seam. When a codemod makes a file on the
 * guarded side (tools/) import the other side (capabilities/) — a belt builder now naming
 * capabilities through the registry, a belt gated with the capabilities-side gateTools, a
 * --keep-shims shim, the entry of a package named tools re-exporting the registry — it records, in the same plan, a `seam.exceptions` entry for exactly that
 * file with the reason, in the capkit config of the tree (created when there is none), so the
 * diff shows the exception next to the import it allows. See tool-class-to-capability/README.md
 * ("Belt builders and the seam") for why an exception and not a moved belt.
 *
 * An exception is only safe while the import it allows closes no init-time cycle: the imported
 * module (the registry, gate-tools) must not reach the importer back through static imports (the
 * registry reaches implementations through `import()`, which esbuild does not await while
 * initialising, so a module that imports a helper from the belt file does not count). When it
 * does, no exception is written and a `seam-cycle` refusal names the chain, so the run fails
 * instead of producing a bundle that hangs.
 */
import type { CodemodContext } from "./codemod.js";
import type { UnitResult, VirtualTree } from "./plan.js";
import { DEFAULT_SEAM, DEFAULT_SEAM_CONFIG, type SeamDefinition } from "../lib/config/seam-section.js";
import { matchesAny } from "../lib/glob-list.js";
import { exceptionFor } from "../lib/config/seam-sides.js";

export const DEFAULT_CONFIG_FILE = "capkit.config.json";

const SAFE =
  "what it imports from the capabilities side does not import it back statically, so it closes no init-time cycle (no-seam-cycle still checks); written by capkit migrate";
/** Why a file may import the capabilities side, per codemod that makes it do so. */
export const EXCEPTION_REASONS = {
  beltAssembly: `belt assembly: builds registry-backed tools by capability name (toolForCapabilityName); ${SAFE}`,
  beltGating: `belt gating: gates a belt with the capabilities-side gateTools; ${SAFE}`,
  shim: `deprecated --keep-shims shims delegate to the registry; ${SAFE} — delete this exception with the last shim`,
  packageEntry: `package entry: re-exports the registry so other packages import it by package name; ${SAFE}`,
} as const;

/** Which seams a run guards and which config file records their exceptions. */
export interface SeamWhere {
  readonly seams: readonly SeamDefinition[];
  readonly configFile?: string;
}

/** The run's seams (its seam config, else the defaults; `override` wins) and config file. */
export function seamWhere(
  ctx: Pick<CodemodContext, "seam" | "configFile">,
  override?: readonly SeamDefinition[],
): SeamWhere {
  return {
    seams: override ?? (ctx.seam ?? DEFAULT_SEAM_CONFIG).seams,
    ...(ctx.configFile ? { configFile: ctx.configFile } : {}),
  };
}

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Exceptions already written to the tree's config for `seam` (this run's earlier ones included). */
function writtenExceptions(raw: Json, seam: SeamDefinition): { from: string; reason: string }[] {
  const section = isRecord(raw["seam"]) ? raw["seam"] : {};
  const list =
    seam.name === DEFAULT_SEAM.name && !Array.isArray(section["seams"])
      ? section["exceptions"]
      : (Array.isArray(section["seams"])
          ? section["seams"].find((s) => isRecord(s) && s["name"] === seam.name)
          : undefined
        )?.exceptions;
  return Array.isArray(list)
    ? list.filter(isRecord).map((e) => ({ from: String(e["from"]), reason: String(e["reason"]) }))
    : [];
}

/** `raw` with the exception added where resolveSeamConfig reads it for `seam`; null when it cannot say where. */
function withException(raw: Json, seam: SeamDefinition, entry: { from: string; reason: string }): Json | null {
  const section: Json = isRecord(raw["seam"]) ? { ...raw["seam"] } : {};
  const shorthand = ["tools", "capabilities", "reason", "exceptions"].some((k) => section[k] !== undefined);
  const seams = Array.isArray(section["seams"]) ? section["seams"] : undefined;
  if (seam.name === DEFAULT_SEAM.name && (shorthand || !seams)) {
    section["exceptions"] = [...(Array.isArray(section["exceptions"]) ? section["exceptions"] : []), entry];
  } else {
    const i = seams?.findIndex((s) => isRecord(s) && s["name"] === seam.name) ?? -1;
    if (!seams || i < 0) return null;
    const s = seams[i] as Json;
    section["seams"] = seams.map((x, j) =>
      j === i ? { ...s, exceptions: [...(Array.isArray(s["exceptions"]) ? s["exceptions"] : []), entry] } : x,
    );
  }
  return { ...raw, seam: section };
}

function indentOf(text: string): number {
  return /\n( +)"/.exec(text)?.[1]?.length ?? 2;
}

const IMPORT = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/g;

function resolveIn(tree: VirtualTree, from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const parts = from.split("/").slice(0, -1);
  for (const seg of spec.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  const base = parts.join("/").replace(/\.(m|c)?js$/, "");
  for (const cand of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base]) if (tree.exists(cand)) return cand;
  return null;
}

/** A chain of static value imports from `start` to `file` (relative specifiers), or null. */
export function staticChain(tree: VirtualTree, start: string, file: string): string[] | null {
  const starts = [start];
  const prev = new Map<string, string | null>(starts.map((s) => [s, null]));
  const queue = [...starts];
  while (queue.length) {
    const cur = queue.shift() as string;
    if (cur === file) {
      const chain: string[] = [];
      for (let at: string | null = cur; at !== null; at = prev.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    const text = tree.read(cur) ?? "";
    for (const m of text.matchAll(IMPORT)) {
      if (m[2]) continue; // type-only: erased
      const next = m[3] ? resolveIn(tree, cur, m[3]) : null;
      if (next && !prev.has(next)) {
        prev.set(next, cur);
        queue.push(next);
      }
    }
  }
  return null;
}

export interface ReverseImportOutcome {
  /** Note for the importing file's units (the exception written, or why none was). */
  readonly note: string | null;
  /** A refusal when an exception would hide a cycle. */
  readonly refusal: UnitResult | null;
}

/**
 * `importer` now imports `target`: when that crosses a seam in the forbidden direction and no
 * exception covers `importer`, write one (with `why`) into the tree's config.
 */
export function allowReverseImport(
  tree: VirtualTree,
  where: SeamWhere,
  codemod: string,
  importer: string,
  target: string,
  why: string,
): ReverseImportOutcome {
  const configFile = where.configFile ?? DEFAULT_CONFIG_FILE;
  for (const seam of where.seams) {
    if (!matchesAny(importer, seam.from) || !matchesAny(target, seam.to) || exceptionFor(seam, importer)) continue;
    const text = tree.read(configFile);
    let raw: Json;
    try {
      const parsed: unknown = text === null ? {} : JSON.parse(text);
      raw = isRecord(parsed) ? parsed : {};
    } catch {
      return {
        note: `warning: ${importer} now imports ${target} across the ${seam.name} seam; ${configFile} is not plain JSON, so no exception was written — add { "from": "${importer}", "reason": "${why}" } to its seam exceptions`,
        refusal: null,
      };
    }
    if (writtenExceptions(raw, seam).some((e) => e.from === importer)) return { note: null, refusal: null };
    // The new edge importer → target closes an init-time cycle exactly when target reaches importer back statically.
    const chain = staticChain(tree, target, importer);
    if (chain) {
      const fix = `move what ${importer} assembles into a module on the capabilities side (nothing on the tools side may import it), or break the chain ${chain.join(" → ")}, then re-run`;
      return {
        note: null,
        refusal: {
          codemod,
          outcome: "refused",
          unit: importer,
          file: importer,
          line: 1,
          code: "seam-cycle",
          reason: `seam-cycle at ${importer}:1: ${importer} now imports ${target}, which imports it back statically (${chain.join(" → ")}), so a seam exception would leave an import cycle that deadlocks an esbuild bundle; to unblock: ${fix}`,
          fix,
        },
      };
    }
    const next = withException(raw, seam, { from: importer, reason: why });
    if (!next)
      return {
        note: `warning: ${importer} now imports ${target} across the ${seam.name} seam; add { "from": "${importer}", "reason": "${why}" } to that seam's exceptions in ${configFile}`,
        refusal: null,
      };
    tree.write(configFile, `${JSON.stringify(next, null, text === null ? 2 : indentOf(text))}\n`);
    return {
      note: `note: ${importer} now imports ${target} across the ${seam.name} seam; seam exception written to ${configFile} (${why})`,
      refusal: null,
    };
  }
  return { note: null, refusal: null };
}

/** `results` with the outcome applied: the note on each changed unit, the refusal appended. */
export function withSeamOutcome(results: readonly UnitResult[], outcome: ReverseImportOutcome | null): UnitResult[] {
  const note = outcome?.note;
  const annotated = note
    ? results.map((u) => (u.outcome === "changed" ? { ...u, warnings: [...(u.warnings ?? []), note] } : u))
    : [...results];
  return outcome?.refusal ? [...annotated, outcome.refusal] : annotated;
}
