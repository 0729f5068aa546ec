/**
 * Which of the declarations migrating classes depend on move with them and which stay in the
 * source file: exported ones and ones staying code also uses stay (an exported constant only a
 * spec needs, and no other file names, moves); data-only values a spec needs that must stay are
 * marked for the shared module.
 */
import { Node, type Statement } from "ts-morph";
import type { Shareable } from "./dependencies.js";
import { dataOnlyClosure } from "./data-only.js";
import { closure, declaredNames, statementText, type PlacementScope } from "./placement-scope.js";
import { isExported, isTypeOnlyStatement } from "./resolve.js";

export interface PlacementDecision {
  readonly specRoots: readonly Statement[];
  readonly implRoots: readonly Statement[];
  /** Every declaration the classes reach. */
  readonly candidates: ReadonlySet<Statement>;
  /** Candidates that stay in the source file. */
  readonly stay: ReadonlySet<Statement>;
  /** What the specs reach through moving declarations. */
  readonly specReach: ReadonlySet<Statement>;
  /** Staying data-only declarations that go to the shared module instead. */
  readonly extract: ReadonlySet<Statement>;
  readonly moved: (s: Statement) => boolean;
}

export function decidePlacement(
  scope: PlacementScope,
  usedElsewhere?: (name: string) => boolean,
  shareable?: Shareable,
): PlacementDecision {
  const specRoots = scope.perClass.flatMap((c) => [...c.spec.locals.keys()]);
  const implRoots = scope.perClass.flatMap((c) => [...c.impl.locals.keys()]);
  const candidates = closure(scope, [...specRoots, ...implRoots], () => true);
  const specCandidates = closure(scope, specRoots, () => true);
  const releasable = (s: Statement): boolean =>
    !!usedElsewhere && specCandidates.has(s) && Node.isVariableStatement(s) && !declaredNames(s).some(usedElsewhere);
  const stay = new Set<Statement>(
    [...candidates].filter((s) => (isExported(s) && !releasable(s)) || Node.isImportDeclaration(s)),
  );
  keepWhatStayingCodeUses(scope, candidates, stay);
  const moved = (s: Statement): boolean => candidates.has(s) && !stay.has(s);
  const specReach = closure(scope, specRoots, moved);
  const extract = shareable ? sharedExtraction(scope, specReach, stay, shareable) : new Set<Statement>();
  return { specRoots, implRoots, candidates, stay, specReach, extract, moved };
}

/** A candidate that a staying statement refers to stays too, until nothing changes. */
function keepWhatStayingCodeUses(
  scope: PlacementScope,
  candidates: ReadonlySet<Statement>,
  stay: Set<Statement>,
): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const t of scope.sf.getStatements()) {
      if (scope.migrating.has(t) || (candidates.has(t) && !stay.has(t))) continue;
      for (const r of scope.refsOf(t).locals.keys()) {
        if (candidates.has(r) && !stay.has(r)) {
          stay.add(r);
          changed = true;
        }
      }
    }
  }
}

/** Data-only values a spec needs that must stay go to the shared module, with what they need. */
function sharedExtraction(
  scope: PlacementScope,
  specReach: ReadonlySet<Statement>,
  stay: ReadonlySet<Statement>,
  shareable: Shareable,
): Set<Statement> {
  const extract = new Set<Statement>();
  for (const s of specReach) {
    if (!stay.has(s) || extract.has(s) || isTypeOnlyStatement(s)) continue;
    const group = dataOnlyClosure(s, scope.sf);
    if (
      group &&
      [...group].every((g) => !scope.migrating.has(g) && shareable(declaredNames(g), statementText(g, true)))
    )
      for (const g of group) extract.add(g);
  }
  return extract;
}
