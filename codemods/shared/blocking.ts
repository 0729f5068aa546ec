/**
 * Which inventory blockers stop the class move. It re-checks the constructor itself
 * (tool-class-to-capability/analyze/analyze-class.ts), so `unknown-ctor-param` (a parameter with no configured run field: it gets
 * a field of its own) and `constructor-logic` (defaults move into the impl; anything else is
 * refused there) do not; `indirect-subclass` does not for a subclass that converts by
 * flattening its intermediate. Shared with tool-construction-to-name, which rewrites the call
 * sites of exactly the classes this move converts.
 */
import type { Blocker, ClassRecord } from "../../inventory/types.js";

const RECHECKED = new Set(["unknown-ctor-param", "constructor-logic"]);

/** The blockers that refuse `rec` (`flattening`: it converts through an abstract intermediate). */
export function blockingBlockers(rec: ClassRecord, flattening = !rec.direct): Blocker[] {
  return rec.blockers.filter((b) => !RECHECKED.has(b.code) && !(flattening && b.code === "indirect-subclass"));
}
