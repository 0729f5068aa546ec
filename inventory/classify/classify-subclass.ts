/**
 * Decides one subclass's kind from code evidence, in a fixed order (first match wins):
 * config override → NodeTool preset → wraps another tool (infrastructure) → made by a factory
 * (host-bridge) → constructor takes a closure or transport (host-bridge) → constructed by a
 * planner/executor loop or its state read back (loop-protocol) → assembled by a belt builder
 * (capability) → dynamic identity (host-bridge) → constructed beside a gate call (capability)
 * → unclassified. Returns the kind and the evidence lines that decided it.
 */
import type { ClassFact, WireNameFact } from "../extract/facts.js";
import type { Kind } from "../types.js";
import type { ConstructionIndex, Site } from "./construction-index.js";
import { nodetoolPreset } from "./presets.js";

export interface ClassifyRules {
  readonly preset: "nodetool" | "none";
  readonly overrides: Readonly<Record<string, Kind>>;
  readonly loopOwners: readonly RegExp[];
  /** Names that denote the base or a subclass (for "constructor takes a Tool"). */
  readonly toolTypeNames: ReadonlySet<string>;
  /** Type names declared as function types anywhere in the scan (closure parameters). */
  readonly functionTypeNames: ReadonlySet<string>;
}

export interface Decision {
  readonly kind: Kind;
  readonly evidence: string[];
}

/** Parameter names or types that say "the implementation is on the other side of this". */
const TRANSPORT = /transport|router|socket|connection|bridge|runner|session|ClientTool/i;
const at = (s: { file: string; line: number }) => `${s.file}:${s.line}`;
const inner = (s: Site) => s.scopes[s.scopes.length - 1] ?? "module scope";

export function describeSite(s: Site): string {
  const via = s.via === "new" ? "constructed" : `made through ${s.via}()`;
  const loop = s.inLoop ? " inside a loop" : "";
  const byName = s.matchedByName && s.via === "new" ? " (callee matched by name)" : "";
  return `${via} in ${inner(s)}${loop} (${at(s)})${byName}`;
}

function loopSite(sites: readonly Site[], rules: ClassifyRules): { site: Site; owner: string | null } | null {
  for (const s of sites) {
    const owner = s.scopes.find((sc) => rules.loopOwners.some((r) => r.test(sc))) ?? null;
    if (owner || s.stateReads.length > 0) return { site: s, owner };
  }
  return null;
}

export function decideKind(
  cls: ClassFact,
  wire: WireNameFact | null,
  sites: readonly Site[],
  index: ConstructionIndex,
  rules: ClassifyRules,
): Decision {
  const evidence: string[] = [];
  const decide = (kind: Kind, reason: string): Decision => ({ kind, evidence: [reason, ...evidence] });
  const wireName = wire?.kind === "literal" ? wire.value : null;
  const wirePrefix = wire?.kind === "dynamic" ? wire.prefix : null;

  const belt = sites.map((s) => ({ s, fn: s.scopes.find((sc) => index.beltFunctions.has(sc)) })).find((x) => x.fn);
  const gated = sites.map((s) => ({ s, g: index.gatingFunctions.get(inner(s)) })).find((x) => x.g);
  const loop = loopSite(sites, rules);
  for (const s of sites.slice(0, 6)) evidence.push(describeSite(s));
  if (sites.length > 6) evidence.push(`… and ${sites.length - 6} more construction sites`);
  if (sites.length === 0) evidence.push("no construction site found in the scanned files");
  for (const s of sites) {
    if (s.stateReads.length) evidence.push(`instance state read back: ${s.stateReads.map((r) => `${s.assignedTo}.${r.prop}`).join(", ")} (${s.file}:${s.stateReads[0]?.line})`);
  }

  const override = (cls.name && rules.overrides[cls.name]) || (wireName && rules.overrides[wireName]);
  if (override) return decide(override, `config override classify.overrides["${cls.name && rules.overrides[cls.name] ? cls.name : wireName}"] = ${override}`);
  if (rules.preset === "nodetool") {
    const p = nodetoolPreset(cls.name, wireName, wirePrefix);
    if (p) return decide(p.kind, p.reason);
  }
  const wrapsParam = cls.ctorParams.find((p) => p.typeNames.some((t) => rules.toolTypeNames.has(t)));
  if (wrapsParam && cls.delegations.length > 0) {
    const d = cls.delegations[0];
    return decide("infrastructure", `wraps another tool: constructor takes ${wrapsParam.name}: ${wrapsParam.typeText} and delegates this.${d?.field}.${d?.method}() (line ${d?.line})`);
  }
  if (cls.enclosingFunction) {
    const how = cls.returnedFromFunction ? "returns" : "declares";
    return decide("host-bridge", `made by a factory: ${cls.enclosingFunction} ${how} this class (line ${cls.line}), so its identity is built at run time`);
  }
  const closure = cls.ctorParams.find((p) => p.isFunctionType || p.typeNames.some((t) => rules.functionTypeNames.has(t)));
  if (closure) return decide("host-bridge", `constructor takes a closure ${closure.name}: ${closure.typeText} (line ${closure.line})`);
  const transport = cls.ctorParams.find((p) => TRANSPORT.test(p.typeText) || TRANSPORT.test(p.name));
  if (transport) return decide("host-bridge", `constructor takes a transport ${transport.name}${transport.typeText ? `: ${transport.typeText}` : ""} (line ${transport.line})`);
  if (loop) {
    const where = loop.owner ? `constructed by loop owner ${loop.owner}` : "constructed and its state read back";
    const dyn = wire?.kind === "dynamic" ? `; dynamic name (${wire.how})` : "";
    return decide("loop-protocol", `${where}${loop.site.inLoop ? " inside a loop" : ""} (${at(loop.site)})${dyn}`);
  }
  if (belt?.fn) {
    const root = index.beltFunctions.get(belt.fn);
    const chain = root && root !== belt.fn ? `${belt.fn}, called from ${root}` : belt.fn;
    return decide("capability", `assembled by ${chain} (${at(belt.s)})`);
  }
  if (wire?.kind === "dynamic" && sites.length > 0) return decide("host-bridge", `identity built at run time: wire name is a ${wire.how} (line ${wire.line})`);
  if (gated?.g) return decide("capability", `constructed in ${inner(gated.s)} (${at(gated.s)}), which gates its belt with ${gated.g.gate} (${gated.g.file}:${gated.g.line})`);
  return decide("unclassified", sites.length ? "no belt builder, loop, factory or host evidence at its construction sites" : "never constructed: no evidence to classify it");
}
