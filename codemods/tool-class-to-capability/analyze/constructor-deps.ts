/**
 * A capability class's constructor → run fields. Every parameter becomes a CapabilityRun field
 * (codemods/run-fields.ts: the configured one, else one named after the parameter, reported as
 * created), and every class field the constructor fills becomes an expression over the run that
 * the impl reads instead of `this.<field>`: `run.x`, `requireRunField(run.x, …)` for a required
 * parameter, `(run.x ?? DEFAULT)` for a default parameter, and for a field computed from
 * parameters (`this.timeoutMs = options?.timeoutMs ?? DEFAULT_TIMEOUT`) that expression with the
 * parameters read from the run. Allowed only while that keeps behaviour: the expressions must be
 * side-effect free (they are evaluated per call instead of once: pure-value.ts, environment reads
 * included); which statements qualify is constructor-statements.ts, and its configuration checks
 * become the impl's first lines. Each parameter's field and read are chosen in parameter-fields.ts.
 */
import {
  Node,
  type ClassDeclaration,
  type Expression,
  type Identifier,
  type ParameterDeclaration,
  type TypeNode,
} from "ts-morph";
import type { CreatedRunField } from "../../plan.js";
import { mutatedFields } from "./instance-mutation.js";
import { checkParameter, parameterRead } from "./parameter-fields.js";
import { allocates } from "./pure-value.js";
import { constructorStatements, type ConstructorStatements, type FieldValue } from "./constructor-statements.js";
import { refuse } from "./class-refusals.js";
import { referenceIdentifiers } from "./rewrite-body.js";
import { startLineOf } from "../../shared/line-number.js";

export interface ConstructorDeps {
  /** Class field → the expression the impl reads it through. */
  readonly depFields: Map<string, string>;
  /** Run field → the old parameter's type (annotation, or one read off a literal default) and whether it may be absent. */
  readonly depTypes: Map<
    string,
    {
      readonly type: TypeNode | undefined;
      readonly typeText: string | null;
      /** typeText plus where the names it references come from (analyze/type-identity.ts). */
      readonly typeKey: string | null;
      readonly optional: boolean;
    }
  >;
  /** Constructor parameter → run field (in parameter order). */
  readonly paramFields: Map<string, string>;
  /** Run fields no configured field covered: created, named after the parameter. */
  readonly createdFields: CreatedRunField[];
  /** Identifiers the field expressions use besides parameters (module constants in defaults). */
  readonly ids: Identifier[];
  /** The constructor's configuration checks over the run, for the start of the impl. */
  readonly guards: string[];
  /** What the migrate report says about constructor statements the move dropped or moved. */
  readonly notes: string[];
}

/**
 * `expr`'s text over the run: each parameter identifier replaced by how the run supplies it, each
 * constructor local by its (rendered) initializer, each `this.y` read by y's value at that point;
 * with the identifiers the text still names (module constants, an environment helper).
 */
function overRun(
  expr: Expression,
  reads: ReadonlyMap<ParameterDeclaration, string>,
  st: ConstructorStatements,
): { text: string; ids: Identifier[] } {
  const start = expr.getStart();
  let text = expr.getText();
  const ids: Identifier[] = [];
  const edits: { at: number; end: number; text: string }[] = [];
  const edit = (node: Node, replacement: string) =>
    edits.push({ at: node.getStart() - start, end: node.getEnd() - start, text: replacement });
  const valueText = (v: FieldValue): string => {
    if (v.kind === "param") return reads.get(v.param) ?? `run.${v.param.getName()}`;
    if (v.kind === "unset") return "undefined";
    const inner = overRun(v.expr, reads, st);
    ids.push(...inner.ids);
    return /^([\w$.]+|"[^"\\]*")$/.test(inner.text) ? inner.text : `(${inner.text})`;
  };
  const thisReads = [...st.thisReads].filter(([n]) => n.getStart() >= start && n.getEnd() <= expr.getEnd());
  for (const [n, v] of thisReads) edit(n, valueText(v));
  const inThisRead = (id: Node) => thisReads.some(([n]) => id.getStart() >= n.getStart() && id.getEnd() <= n.getEnd());
  for (const id of referenceIdentifiers(expr)) {
    if (inThisRead(id)) continue;
    const decl = id.getSymbol()?.getValueDeclaration();
    const read = decl && Node.isParameterDeclaration(decl) ? reads.get(decl) : undefined;
    const localInit = Node.isVariableDeclaration(decl) ? st.locals.get(decl) : undefined;
    const replacement = read ?? (localInit ? valueText({ kind: "expr", expr: localInit }) : undefined);
    if (replacement === undefined) {
      ids.push(id);
      continue;
    }
    const parent = id.getParent();
    edit(id, Node.isShorthandPropertyAssignment(parent) ? `${id.getText()}: ${replacement}` : replacement);
  }
  for (const e of edits.sort((a, b) => b.at - a.at)) text = text.slice(0, e.at) + e.text + text.slice(e.end);
  return { text, ids };
}

/** `claimedType(field)`: the type identity an earlier class (or run-types.ts) gave a run field, if any. */
export function analyzeConstructor(
  cls: ClassDeclaration,
  file: string,
  wireName: string,
  runFields: Readonly<Record<string, string>>,
  claimedType: (field: string) => string | undefined = () => undefined,
): ConstructorDeps {
  const deps: ConstructorDeps = {
    depFields: new Map(),
    depTypes: new Map(),
    paramFields: new Map(),
    createdFields: [],
    ids: [],
    guards: [],
    notes: [],
  };
  const ctors = cls.getConstructors();
  if (ctors.length > 1)
    refuse(
      "unsupported-shape",
      file,
      ctors[1] ? startLineOf(ctors[1]) : 0,
      "constructor overloads",
      "keep one constructor",
    );
  const ctor = ctors[0];
  if (!ctor) return deps;
  const params = ctor.getParameters();
  for (const p of params) checkParameter(p, file);
  const st = constructorStatements(cls, ctor, file, wireName);
  const { stored, computed } = st;
  const reads = new Map<ParameterDeclaration, string>();
  const scope = { cls, file, wireName, runFields, claimedType, stored, passedToBase: st.passedToBase, deps };
  for (const p of params) reads.set(p, parameterRead(scope, p));
  refuseMutatedFresh(cls, file, stored, computed);
  // After a check the constructor narrowed what it stored (`if (!key) throw …; this.key = key`):
  // the field keeps its declared type, which the same check, now first in the impl, still ensures.
  const typed = (name: string, text: string): string => {
    const prop = st.guards.length > 0 ? cls.getProperty(name) : undefined;
    const typeNode = prop?.getTypeNode();
    if (!prop || !typeNode) return text;
    deps.ids.push(...referenceIdentifiers(typeNode));
    return `(${text} as ${typeNode.getText()}${prop.hasQuestionToken() ? " | undefined" : ""})`;
  };
  for (const [name, p] of stored) deps.depFields.set(name, typed(name, reads.get(p) ?? `run.${p.getName()}`));
  for (const [name, expr] of computed) {
    const r = overRun(expr, reads, st);
    deps.depFields.set(name, typed(name, /^[\w$.]+$/.test(r.text) ? r.text : `(${r.text})`));
    deps.ids.push(...r.ids);
  }
  for (const g of st.guards) {
    const cond = overRun(g.cond, reads, st);
    const args = g.args.map((a) => overRun(a, reads, st));
    deps.guards.push(`if (${cond.text}) throw new ${g.error}(${args.map((a) => a.text).join(", ")});`);
    deps.ids.push(...cond.ids, ...args.flatMap((a) => a.ids));
  }
  deps.notes.push(...st.notes);
  return deps;
}

/** An object the constructor made once, changed by the class, would start fresh on every call: refused. */
function refuseMutatedFresh(
  cls: ClassDeclaration,
  file: string,
  stored: ReadonlyMap<string, ParameterDeclaration>,
  computed: ReadonlyMap<string, Expression>,
): void {
  const fresh = new Set([...stored].filter(([, p]) => allocates(p.getInitializer())).map(([n]) => n));
  for (const [name, expr] of computed) if (allocates(expr)) fresh.add(name);
  const mutated = mutatedFields(cls, fresh);
  if (mutated)
    refuse(
      "instance-state",
      file,
      mutated.line,
      `\`${mutated.text}\` changes the object the constructor made for this.${mutated.field}; per call it would start fresh each time`,
      `keep that state on run.context or in a local, or pass the object in (no default), then re-run`,
    );
}
