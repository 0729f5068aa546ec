/**
 * A capability class's constructor → run fields. Every parameter becomes a CapabilityRun field
 * (codemods/run-fields.ts: the configured one, else one named after the parameter, reported as
 * created), and every class field the constructor fills becomes an expression over the run that
 * the impl reads instead of `this.<field>`: `run.x`, `requireRunField(run.x, …)` for a required
 * parameter, `(run.x ?? DEFAULT)` for a default parameter, and for a field computed from
 * parameters (`this.timeoutMs = options?.timeoutMs ?? DEFAULT_TIMEOUT`) that expression with the
 * parameters read from the run. Allowed only while that keeps behaviour: the expressions must be
 * side-effect free and allocate nothing (they are evaluated per call instead of once), so
 * calls, `new`, object/array literals and statements other than `super()` are refused
 * (pure-value.ts). Each parameter's field and read are chosen in parameter-fields.ts.
 */
import {
  Node,
  SyntaxKind,
  type ClassDeclaration,
  type ConstructorDeclaration,
  type Expression,
  type Identifier,
  type ParameterDeclaration,
  type TypeNode,
} from "ts-morph";
import type { CreatedRunField } from "../../plan.js";
import { mutatedFields } from "./instance-mutation.js";
import { checkParameter, parameterRead } from "./parameter-fields.js";
import { allocates, isPureValue } from "./pure-value.js";
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
}

/** `expr`'s text with each parameter identifier replaced by how the run supplies it. */
function overRun(expr: Expression, reads: ReadonlyMap<ParameterDeclaration, string>): string {
  const start = expr.getStart();
  let text = expr.getText();
  const edits: { at: number; end: number; text: string }[] = [];
  for (const id of referenceIdentifiers(expr)) {
    const decl = id.getSymbol()?.getValueDeclaration();
    const read = decl && Node.isParameterDeclaration(decl) ? reads.get(decl) : undefined;
    if (read === undefined) continue;
    const parent = id.getParent();
    const replacement = Node.isShorthandPropertyAssignment(parent) ? `${id.getText()}: ${read}` : read;
    edits.push({ at: id.getStart() - start, end: id.getEnd() - start, text: replacement });
  }
  for (const e of edits.sort((a, b) => b.at - a.at)) text = text.slice(0, e.at) + e.text + text.slice(e.end);
  return text;
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
  const { stored, computed } = constructorFields(ctor, file);
  const reads = new Map<ParameterDeclaration, string>();
  const scope = { cls, file, wireName, runFields, claimedType, stored, deps };
  for (const p of params) reads.set(p, parameterRead(scope, p));
  refuseMutatedFresh(cls, file, stored, computed);
  for (const [name, p] of stored) deps.depFields.set(name, reads.get(p) ?? `run.${p.getName()}`);
  for (const [name, expr] of computed) {
    deps.depFields.set(name, `(${overRun(expr, reads)})`);
    deps.ids.push(...referenceIdentifiers(expr).filter((id) => !params.some((p) => p.getName() === id.getText())));
  }
  return deps;
}

/**
 * Class field → the parameter stored in it, or the expression computed from parameters; any
 * other constructor statement than `super()` and such assignments is refused.
 */
function constructorFields(
  ctor: ConstructorDeclaration,
  file: string,
): { stored: Map<string, ParameterDeclaration>; computed: Map<string, Expression> } {
  const stored = new Map<string, ParameterDeclaration>();
  const computed = new Map<string, Expression>();
  for (const p of ctor.getParameters()) if (p.isParameterProperty()) stored.set(p.getName(), p);
  for (const stmt of ctor.getStatements()) {
    const line = startLineOf(stmt);
    const text = stmt.getText();
    if (/^super\(\s*\);?$/.test(text)) continue;
    if (Node.isExpressionStatement(stmt)) {
      const expr = stmt.getExpression();
      if (Node.isCallExpression(expr) && expr.getExpression().getKind() === SyntaxKind.SuperKeyword) {
        refuse(
          "super-call",
          file,
          line,
          `\`${text}\` passes arguments to the base constructor`,
          "set the wire name/description as class fields instead of constructor arguments",
        );
      }
      if (Node.isBinaryExpression(expr) && expr.getOperatorToken().getText() === "=") {
        const left = expr.getLeft();
        const right = expr.getRight();
        if (
          Node.isPropertyAccessExpression(left) &&
          left.getExpression().getKind() === SyntaxKind.ThisKeyword &&
          !stored.has(left.getName()) &&
          !computed.has(left.getName())
        ) {
          const param = Node.isIdentifier(right) ? ctor.getParameter(right.getText()) : undefined;
          if (param) {
            stored.set(left.getName(), param);
            continue;
          }
          if (isPureValue(right, true)) {
            computed.set(left.getName(), right);
            continue;
          }
        }
      }
    }
    refuse(
      "constructor-logic",
      file,
      line,
      `\`${text.split("\n")[0]}\``,
      "reduce the constructor to `super()`, field assignments and defaults without calls (do the work in process or where the run is built)",
    );
  }
  return { stored, computed };
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
