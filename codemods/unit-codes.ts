/**
 * The one vocabulary of codes a codemod unit result carries (`UnitResult.code`): the inventory's
 * blocker codes (inventory/classify/blockers.ts), which a class refused for an inventory blocker
 * reports as is, plus the codes codemods add. Stable, kebab-case; documented in unit-codes.md
 * (unit-codes.test.ts keeps the table and this list in step). Reporters group refusals by code.
 */
import { BLOCKER_CODES, type BlockerCode } from "../inventory/index.js";

/** Codes codemods add to the inventory's, with the short meaning users see. */
export const CODEMOD_CODES = {
  "no-namespace": "the inventory proposes no namespace for the class",
  "class-expression": "not a named top-level class declaration",
  "flatten-blocked": "an intermediate base that cannot be flattened into its subclasses",
  "generic-or-abstract": "the class is generic or abstract",
  "missing-member": "lacks a member every capability needs",
  "run-field-conflict": "a constructor parameter cannot become a run field of its own",
  "self-reference": "refers to a class by name that this migration removes",
  "shared-spec-constant":
    "its spec needs a local declaration that is shared and not data only (or clashes with one already moved)",
  "spec-imports-implementation":
    "its spec needs a value imported from a module a specs file may not import (an implementation or a package)",
  "duplicate-wire-name": "its wire name is already taken in the capabilities folder",
  "unsupported-shape": "has a member shape the codemod cannot convert safely",
  "already-migrated": "the class or its file is gone from the tree",
  "intermediate-kept": "an abstract base was flattened into its subclasses but other code still names it",
  "spread-argument": "a construction passes a spread argument",
  "argument-mismatch": "a construction's arguments do not map onto the constructor's parameters",
  "impure-argument": "a construction argument calls, awaits or assigns",
  "class-reference": "a reference to a removed class that is not `new`, `instanceof` or a constructor table",
  "constructor-table": "a table of class references whose values escape",
  "no-registry": "the capabilities registry the rewrite needs does not exist yet",
  "gated-tool-arguments": "`new GatedTool(...)` without exactly (tool, options)",
  "gated-tool-instanceof": "`instanceof GatedTool` is false for belts gated by gateTools",
  "seam-cycle": "a seam exception would let a file the capabilities side imports import it back",
  "codemod-bug": "the codemod produced overlapping edits",
} as const;

export type CodemodCode = keyof typeof CODEMOD_CODES;
export type UnitCode = BlockerCode | CodemodCode;

export const UNIT_CODES: readonly UnitCode[] = [...BLOCKER_CODES, ...(Object.keys(CODEMOD_CODES) as CodemodCode[])];

export function isUnitCode(value: string): value is UnitCode {
  return (UNIT_CODES as readonly string[]).includes(value);
}
