/**
 * Why a class is left untouched: one stable code per blocker, with the wording users see in
 * one place. A refusal always names file:line and what would unblock it.
 */

export const REFUSAL_CODES = {
  INVENTORY_BLOCKER: "the inventory recorded a blocker",
  CLASS_EXPRESSION: "not a named top-level class declaration",
  INDIRECT_BASE: "extends a subclass of the base, not the base itself",
  FLATTEN_BLOCKED: "is an intermediate base that cannot be flattened into its subclasses",
  DECORATOR: "uses decorators",
  GENERIC_OR_ABSTRACT: "is generic or abstract",
  DYNAMIC_NAME: "has no literal wire name",
  MISSING_MEMBER: "lacks a member every capability needs",
  CONSTRUCTOR_LOGIC: "constructor does more than assign fields",
  SUPER_CALL: "calls super with arguments or a super method other than the message fallback",
  NO_RUN_FIELD: "constructor parameter has no run field",
  INSTANCE_STATE: "keeps per-instance state",
  THIS_ESCAPES: "`this` escapes into another object",
  EXTRA_PUBLIC_MEMBER: "has a public member callers may use",
  STATIC_MEMBER: "has static members",
  SELF_REFERENCE: "refers to a class by name that this migration removes",
  SHARED_SPEC_CONSTANT: "its spec needs a local declaration that is shared and not data only (or clashes with one already moved)",
  DUPLICATE_WIRE_NAME: "its wire name is already taken in the capabilities folder",
  UNSUPPORTED_SHAPE: "has a member shape the codemod cannot convert safely",
} as const;

export type RefusalCode = keyof typeof REFUSAL_CODES;

/** Thrown inside analysis; caught per class and turned into a refused UnitResult. */
export class RefusalError extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly file: string,
    readonly line: number,
    readonly detail: string,
    readonly unblock: string,
  ) {
    super(`${code} at ${file}:${line}: ${REFUSAL_CODES[code]} — ${detail}; to unblock: ${unblock}`);
    this.name = "RefusalError";
  }
}

export function refuse(code: RefusalCode, file: string, line: number, detail: string, unblock: string): never {
  throw new RefusalError(code, file, line, detail, unblock);
}
