/**
 * Migration blockers: why a class cannot be turned into spec + implementation mechanically.
 * Codes are stable strings (documented in README.md); codemods may add their own.
 */
import type { ClassFact, WireNameFact } from "../extract/facts.js";
import type { Blocker, Kind } from "../types.js";
import type { Site } from "./construction-index.js";

export const BLOCKER_CODES = [
  "dynamic-identity",
  "no-wire-name",
  "state-read-back",
  "instance-state",
  "this-escape",
  "super-call",
  "constructor-logic",
  "decorator",
  "unknown-ctor-param",
  "closure-param",
  "factory-made",
  "wraps-tool",
  "indirect-subclass",
  "mixin",
  "static-member",
  "run-method-param",
  "run-method-field",
  "this-typed-input",
  "extra-public-member",
  "parse-error",
] as const;
export type BlockerCode = (typeof BLOCKER_CODES)[number];

export interface BlockerInput {
  readonly file: string;
  readonly cls: ClassFact;
  readonly wire: WireNameFact | null;
  readonly kind: Kind;
  readonly direct: boolean;
  readonly chain: readonly string[];
  /** Mixin calls in the extends clause (`extends WithRetry(Tool)` → ["WithRetry"]). */
  readonly mixins: readonly string[];
  readonly sites: readonly Site[];
  readonly runFields: Readonly<Record<string, string>>;
  readonly fileHasParseErrors: boolean;
  readonly functionTypeNames: ReadonlySet<string>;
}

export function blockersFor(input: BlockerInput): Blocker[] {
  const { file, cls, wire } = input;
  const out: Blocker[] = [];
  const add = (code: BlockerCode, message: string, line: number, where = file) =>
    out.push({ code, message, file: where, line });
  if (wire?.kind === "dynamic" && !wire.constant)
    add("dynamic-identity", `wire name is not a literal (${wire.how})`, wire.line);
  if (wire === null && !input.cls.isAbstract)
    add("no-wire-name", "no `name` property found on the class or its parents", cls.line);
  for (const s of input.sites) {
    if (s.stateReads.length)
      add(
        "state-read-back",
        `the constructing code reads ${s.stateReads.map((r) => r.prop).join(", ")} back off the instance`,
        s.stateReads[0]?.line ?? s.line,
        s.file,
      );
  }
  const seen = new Set<string>();
  for (const n of cls.notes) {
    const key = `${n.code}:${n.detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    add(n.code as BlockerCode, n.detail, n.line);
  }
  for (const p of cls.ctorParams) {
    if (p.isFunctionType || p.typeNames.some((t) => input.functionTypeNames.has(t)))
      add("closure-param", `constructor takes a closure ${p.name}`, p.line);
    else if (!input.runFields[p.name])
      add(
        "unknown-ctor-param",
        `constructor parameter ${p.name}${p.typeText ? `: ${p.typeText}` : ""} has no known CapabilityRun field (config classify.runFields)`,
        p.line,
      );
  }
  if (cls.enclosingFunction) add("factory-made", `class is made inside ${cls.enclosingFunction}`, cls.line);
  if (cls.delegations.length && input.kind === "infrastructure")
    add("wraps-tool", "delegates to a wrapped tool instance", cls.delegations[0]?.line ?? cls.line);
  if (!input.direct) add("indirect-subclass", `inherits through ${input.chain.slice(1, -1).join(" → ")}`, cls.line);
  // A mixin adds behaviour no spec + implementation pair would keep; nothing can flatten it mechanically.
  if (input.mixins.length) {
    const which = `the mixin${input.mixins.length > 1 ? "s" : ""} ${input.mixins.join(", ")}`;
    add(
      "mixin",
      `extends through ${which}: what ${input.mixins.length > 1 ? "they add" : "it adds"} would be lost by a mechanical conversion`,
      cls.heritage?.line ?? cls.line,
    );
  }
  if (input.fileHasParseErrors) add("parse-error", "the file has syntax errors; facts may be incomplete", cls.line);
  return out;
}
