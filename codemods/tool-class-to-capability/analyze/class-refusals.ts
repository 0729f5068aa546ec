/**
 * Why a class is left untouched: one stable kebab-case code per blocker (the shared vocabulary
 * of codemods/unit-codes.ts, which includes the inventory's blocker codes), with the wording
 * users see in one place. A refusal always names file:line and what would unblock it.
 */
import type { BlockerCode } from "../../../inventory/index.js";
import { CODEMOD_CODES, type UnitCode } from "../../unit-codes.js";

/** What the class move says for an inventory blocker code it re-checks itself (the rest refuse as recorded). */
const BLOCKER_MEANINGS = {
  "dynamic-identity": "has no literal wire name",
  "no-wire-name": "has no wire name",
  "state-read-back": "its constructing code reads state back off the instance",
  "instance-state": "keeps per-instance mutable state",
  "this-escape": "`this` escapes into another object",
  "super-call": "calls super with arguments or a super method other than the message fallback",
  "constructor-logic": "constructor does more than assign fields and defaults",
  decorator: "uses decorators",
  "unknown-ctor-param": "a constructor parameter cannot be mapped to a run field",
  "closure-param": "a constructor parameter is a closure",
  "factory-made": "the class is written inside a function",
  "wraps-tool": "wraps another tool",
  "indirect-subclass": "extends a subclass of the base, not the base itself",
  mixin: "extends a mixin call",
  "static-member": "has static members",
  "run-method-param": "its run method reads a parameter past its input (a run manager, a config)",
  "run-method-field": "its run method is a function-valued field, not a method",
  "this-typed-input": "its run method's input is typed through `this`, which a module function cannot name",
  "extra-public-member": "has a public member callers may use",
  "parse-error": "its file does not parse",
} as const satisfies Partial<Record<BlockerCode, string>>;

/** The refusal codes the class move itself raises, with their meaning. */
export const REFUSAL_CODES = {
  "class-expression": CODEMOD_CODES["class-expression"],
  "indirect-subclass": BLOCKER_MEANINGS["indirect-subclass"],
  "flatten-blocked": CODEMOD_CODES["flatten-blocked"],
  decorator: BLOCKER_MEANINGS.decorator,
  "generic-or-abstract": CODEMOD_CODES["generic-or-abstract"],
  "dynamic-identity": BLOCKER_MEANINGS["dynamic-identity"],
  "no-wire-name": BLOCKER_MEANINGS["no-wire-name"],
  "missing-member": CODEMOD_CODES["missing-member"],
  "constructor-logic": BLOCKER_MEANINGS["constructor-logic"],
  "super-call": BLOCKER_MEANINGS["super-call"],
  "run-field-conflict": CODEMOD_CODES["run-field-conflict"],
  "instance-state": BLOCKER_MEANINGS["instance-state"],
  "this-escape": BLOCKER_MEANINGS["this-escape"],
  "extra-public-member": BLOCKER_MEANINGS["extra-public-member"],
  "static-member": BLOCKER_MEANINGS["static-member"],
  "run-method-param": BLOCKER_MEANINGS["run-method-param"],
  "run-method-field": BLOCKER_MEANINGS["run-method-field"],
  "this-typed-input": BLOCKER_MEANINGS["this-typed-input"],
  "self-reference": CODEMOD_CODES["self-reference"],
  "shared-spec-constant": CODEMOD_CODES["shared-spec-constant"],
  "spec-imports-implementation": CODEMOD_CODES["spec-imports-implementation"],
  "duplicate-wire-name": CODEMOD_CODES["duplicate-wire-name"],
  "unsupported-shape": CODEMOD_CODES["unsupported-shape"],
} as const satisfies Partial<Record<UnitCode, string>>;

export type RefusalCode = keyof typeof REFUSAL_CODES;

/** The meaning of any code a class refusal can carry (the move's own, or an inventory blocker's). */
export function refusalMeaning(code: RefusalCode | BlockerCode): string {
  return (
    (REFUSAL_CODES as Record<string, string>)[code] ??
    (BLOCKER_MEANINGS as Partial<Record<BlockerCode, string>>)[code as BlockerCode] ??
    "the inventory recorded a blocker"
  );
}

/** Thrown inside analysis; caught per class and turned into a refused UnitResult. */
export class RefusalError extends Error {
  constructor(
    readonly code: RefusalCode | BlockerCode,
    readonly file: string,
    readonly line: number,
    readonly detail: string,
    readonly unblock: string,
  ) {
    super(`${code} at ${file}:${line}: ${refusalMeaning(code)} — ${detail}; to unblock: ${unblock}`);
    this.name = "RefusalError";
  }
}

export function refuse(code: RefusalCode, file: string, line: number, detail: string, unblock: string): never {
  throw new RefusalError(code, file, line, detail, unblock);
}
