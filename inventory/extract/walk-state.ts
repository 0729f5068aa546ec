/**
 * The facts walk's state (walk-facts.ts), one record shared by its handlers: the facts found so
 * far, the frames and class names it is inside, the constructions whose variables' reads are
 * collected once the walk is done, and the path from the root to the current node.
 */
import type TS from "typescript";
import type { CategoryMapFact, ClassFact, ClassTableFact, ConstructionFact, FunctionFact } from "./facts.js";
import { lineOf, type Ctx } from "./ast-utils.js";
import type { ClassBodyState } from "./class-facts.js";
import type { Frame } from "./walk-scopes.js";

/**
 * A top-level class split into member runs (member-runs.ts), walked one run per parse: the first
 * run's walk (`first`: the class is the parse's last statement) records the class with its head
 * and opens its body facts in `state`; each later run's (the class is the parse's first
 * statement, a stand-in head) feeds its members in. The caller closes the body (closeClassBody)
 * into `fact` once every run is walked.
 */
export interface SplitClass {
  first: boolean;
  state?: ClassBodyState;
  fact?: ClassFact;
}

export interface PendingReads {
  readonly fact: ConstructionFact & { stateReads: { prop: string; line: number }[] };
  readonly scope: TS.Node;
  readonly variable: string;
}

export interface WalkState {
  readonly ctx: Ctx;
  readonly split: SplitClass | undefined;
  readonly classes: ClassFact[];
  readonly functions: FunctionFact[];
  /** The node of each of `functions`, for its line (filled in at the end). */
  readonly functionNodes: TS.Node[];
  readonly constructions: ConstructionFact[];
  readonly categoryMaps: CategoryMapFact[];
  readonly classTables: ClassTableFact[];
  readonly functionTypes: string[];
  readonly classKeys: Map<TS.Node, string>;
  readonly stack: Frame[];
  readonly fnStack: FunctionFact[];
  readonly fnFrames: Frame[];
  readonly classStack: (string | null)[];
  /** Constructions assigned to a variable: that variable's reads in the scope. */
  readonly pendingReads: PendingReads[];
  /** Variables handed to a constructor: their reads in the scope. */
  readonly pendingArgReads: { readonly fact: ConstructionFact; readonly scope: TS.Node; readonly variable: string }[];
  readonly path: TS.Node[];
}

export function newWalkState(ctx: Ctx, split: SplitClass | undefined): WalkState {
  return {
    ctx,
    split,
    classes: [],
    functions: [],
    functionNodes: [],
    constructions: [],
    categoryMaps: [],
    classTables: [],
    functionTypes: [],
    classKeys: new Map(),
    stack: [{ name: null, node: ctx.sf, loop: false, fn: null }],
    fnStack: [],
    fnFrames: [],
    classStack: [],
    pendingReads: [],
    pendingArgReads: [],
    path: [ctx.sf],
  };
}

/** A class's key (`Name@line`, `<anonymous>@line`), the same for every reference to its node. */
export function keyOf(st: WalkState, node: TS.ClassLikeDeclaration, name: string | null): string {
  let key = st.classKeys.get(node);
  if (!key) st.classKeys.set(node, (key = `${name ?? "<anonymous>"}@${lineOf(st.ctx, node)}`));
  return key;
}
