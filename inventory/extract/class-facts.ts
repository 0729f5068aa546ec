/**
 * Facts about one class body: its wire name, constructor parameters, delegation to a wrapped
 * tool, and the notes that become migration blockers (decorators, super calls beyond the
 * `userMessage` fallback, constructor logic, `this` escaping, per-instance mutable state).
 */
import type TS from "typescript";
import type { ClassNoteFact, ClassShapeFact, CtorParamFact, WireNameFact } from "./facts.js";
import { createShapeCollector, type ShapeCollector } from "./class-shape.js";
import { memberNotes } from "./member-notes.js";
import { langChainMetadata } from "./langchain-metadata.js";
import { importedFromLangChain, passesOnlyOwnParameters } from "./langchain-base.js";
import { isOwnSchema, isSimpleValue } from "./constructor-shapes.js";
import {
  lineOf,
  propertyNameText,
  stringLiteralValue,
  typeNames,
  unwrapExpression,
  walk,
  type Ctx,
} from "./ast-utils.js";

export interface ClassBodyFacts {
  wireName: WireNameFact | null;
  ctorParams: CtorParamFact[];
  delegations: { field: string; method: string; line: number }[];
  notes: ClassNoteFact[];
  isAbstract: boolean;
  shape: ClassShapeFact;
}

const DELEGATED_METHODS = new Set(["process", "execute", "userMessage", "toProviderTool"]);
const WIRE_PROPERTY = "name";

/** `A` or `A.b.c`: a reference to a constant (no call, no `this`). */
function constantPath(ts: Ctx["ts"], e: TS.Expression): string | null {
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) {
    const head = constantPath(ts, e.expression);
    return head === null ? null : `${head}.${e.name.text}`;
  }
  return null;
}

/** The first top-level `const` declaration of each name in the parse: the string it holds, or null. */
export function topLevelConstants(ctx: Ctx, into = new Map<string, string | null>()): Map<string, string | null> {
  const { ts, sf } = ctx;
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt) || !(stmt.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of stmt.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.initializer && !into.has(d.name.text))
        into.set(d.name.text, stringLiteralValue(ts, unwrapExpression(ts, d.initializer)));
  }
  return into;
}

/**
 * The string a top-level `const NAME = "…"` of this file holds, or null. (A file parsed in
 * chunks sees only its chunk's statements here; extract-file-facts.ts resolves the rest with
 * topLevelConstants.)
 */
function fileConstant(ctx: Ctx, name: string): string | null {
  return topLevelConstants(ctx).get(name) ?? null;
}

function wireFromExpression(ctx: Ctx, expr: TS.Expression, line: number, params: Set<string>): WireNameFact {
  const { ts } = ctx;
  const e = unwrapExpression(ts, expr);
  const literal = stringLiteralValue(ts, e);
  if (literal !== null) return { kind: "literal", value: literal, line };
  if (ts.isTemplateExpression(e))
    return { kind: "dynamic", prefix: e.head.text || null, line, how: "template literal" };
  if (ts.isIdentifier(e) && params.has(e.text))
    return { kind: "dynamic", prefix: null, line, how: `constructor parameter ${e.text}` };
  // A name read from a constant is a static identity: resolved when the file declares it,
  // otherwise kept as the constant's name (imported from a package outside the scan).
  const path = constantPath(ts, e);
  const head = path?.split(".")[0] ?? "";
  if (path !== null && params.has(head))
    return { kind: "dynamic", prefix: null, line, how: `constructor parameter ${path}` };
  if (path !== null) {
    const value = ts.isIdentifier(e) ? fileConstant(ctx, path) : null;
    if (value !== null) return { kind: "literal", value, line };
    return { kind: "dynamic", prefix: null, line, how: `constant ${path}`, constant: path };
  }
  return { kind: "dynamic", prefix: null, line, how: "computed expression" };
}

function paramFacts(ctx: Ctx, ctor: TS.ConstructorDeclaration): CtorParamFact[] {
  const { ts, sf } = ctx;
  return ctor.parameters.map((p) => {
    const type = p.type;
    return {
      name: ts.isIdentifier(p.name) ? p.name.text : p.name.getText(sf),
      typeText: type ? type.getText(sf) : "",
      typeNames: typeNames(ts, type),
      isFunctionType: Boolean(type && (ts.isFunctionTypeNode(type) || /=>/.test(type.getText(sf)))),
      line: lineOf(ctx, p),
    };
  });
}

/** `state.ctorAssigned` gains the fields the constructor assigns at its top level. */
function constructorFacts(ctx: Ctx, ctor: TS.ConstructorDeclaration, out: ClassBodyFacts, state: ClassBodyState): void {
  const { ts } = ctx;
  out.ctorParams = paramFacts(ctx, ctor);
  const params = new Set(out.ctorParams.map((p) => p.name));
  for (const stmt of ctor.body?.statements ?? []) {
    const line = lineOf(ctx, stmt);
    if (ts.isExpressionStatement(stmt)) {
      const e = stmt.expression;
      if (ts.isCallExpression(e) && e.expression.kind === ts.SyntaxKind.SuperKeyword) {
        // A capability has no base to configure: super-call, as the class move refuses it
        // (analyze/constructor-statements.ts), except a LangChain base given only the constructor's
        // own parameters (super(fields), super(...arguments)), which the move drops (langchain-base.ts).
        const ownParams = passesOnlyOwnParameters(ts, e, params);
        if (e.arguments.length > 0)
          out.notes.push(
            ownParams && state.langChainBase
              ? { code: "constructor-logic", detail: "passes its parameters to the base constructor", line }
              : { code: "super-call", detail: "passes arguments to the base constructor", line },
          );
        continue;
      }
      if (
        ts.isBinaryExpression(e) &&
        e.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(e.left) &&
        e.left.expression.kind === ts.SyntaxKind.ThisKeyword
      ) {
        const field = e.left.name.text;
        state.ctorAssigned.add(field);
        if (field === WIRE_PROPERTY) out.wireName = wireFromExpression(ctx, e.right, line, params);
        if (!isSimpleValue(ts, e.right))
          out.notes.push({ code: "constructor-logic", detail: `computes this.${field} in the constructor`, line });
        continue;
      }
    }
    out.notes.push({ code: "constructor-logic", detail: `constructor runs a ${ts.SyntaxKind[stmt.kind]}`, line });
  }
}

function memberFacts(ctx: Ctx, member: TS.ClassElement, out: ClassBodyFacts): void {
  const { ts } = ctx;
  const isStatic = Boolean(
    ts.getModifiers(member as TS.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword),
  );
  const name = member.name ? propertyNameText(ts, member.name) : null;
  if (!isStatic && name === WIRE_PROPERTY && ts.isPropertyDeclaration(member) && member.initializer) {
    out.wireName = wireFromExpression(ctx, member.initializer, lineOf(ctx, member), new Set());
  } else if (!isStatic && name === WIRE_PROPERTY && ts.isGetAccessorDeclaration(member)) {
    const ret = member.body?.statements.find(ts.isReturnStatement);
    out.wireName = ret?.expression
      ? wireFromExpression(ctx, ret.expression, lineOf(ctx, member), new Set())
      : { kind: "dynamic", prefix: null, line: lineOf(ctx, member), how: "getter" };
    if (out.wireName.kind === "dynamic" && !out.wireName.constant)
      out.wireName = { ...out.wireName, how: "getter computes it" };
  }
  out.notes.push(...memberNotes(ctx, member, name, isStatic));
}

/** Scans method bodies for super calls, `this` escaping, mutable state and delegation. */
function bodyFacts(ctx: Ctx, member: TS.ClassElement, out: ClassBodyFacts, shape: ShapeCollector): void {
  const { ts } = ctx;
  const inCtor = ts.isConstructorDeclaration(member);
  walk(ts, member, (node, parent) => {
    if (ts.isClassLike(node)) return false;
    shape.visit(node, parent, member, ctx);
    if (
      ts.isPropertyAccessExpression(node) &&
      node.expression.kind === ts.SyntaxKind.SuperKeyword &&
      node.name.text !== "userMessage"
    ) {
      out.notes.push({ code: "super-call", detail: `calls super.${node.name.text}`, line: lineOf(ctx, node) });
    }
    if (node.kind === ts.SyntaxKind.ThisKeyword) {
      const escapes =
        ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments?.some((a) => a === node)) ||
        (ts.isReturnStatement(parent) && parent.expression === node) ||
        (ts.isBinaryExpression(parent) && parent.right === node) ||
        ts.isVariableDeclaration(parent) ||
        ts.isArrayLiteralExpression(parent) ||
        ts.isPropertyAssignment(parent) ||
        ts.isShorthandPropertyAssignment(parent);
      if (escapes)
        out.notes.push({ code: "this-escape", detail: "passes `this` out of the instance", line: lineOf(ctx, node) });
    }
    if (
      !inCtor &&
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.expression.kind === ts.SyntaxKind.ThisKeyword
    ) {
      out.notes.push({
        code: "instance-state",
        detail: `writes this.${node.left.name.text} outside the constructor`,
        line: lineOf(ctx, node),
      });
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      DELEGATED_METHODS.has(node.expression.name.text)
    ) {
      const target = node.expression.expression;
      if (ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword) {
        out.delegations.push({ field: target.name.text, method: node.expression.name.text, line: lineOf(ctx, node) });
      }
    }
    return true;
  });
}

/** A class body's facts while its members are fed in (all at once, or one member run at a time). */
export interface ClassBodyState {
  readonly out: Omit<ClassBodyFacts, "shape">;
  readonly shape: ShapeCollector;
  /** Fields the constructor assigns at its top level (a default it replaces is re-checked by the move). */
  readonly ctorAssigned: Set<string>;
  /** The class extends a base imported from LangChain (langchain-base.ts). */
  readonly langChainBase: boolean;
  /** The class declares its own `schema = …` (a run method typed `typeof this.schema` is then convertible). */
  ownSchema: boolean;
}

/** Starts a class's body facts from its head (modifiers, decorators). */
export function openClassBody(ctx: Ctx, node: TS.ClassLikeDeclaration): ClassBodyState {
  const { ts } = ctx;
  const out: Omit<ClassBodyFacts, "shape"> = {
    wireName: null,
    ctorParams: [],
    delegations: [],
    notes: [],
    isAbstract: Boolean(ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword)),
  };
  if (ts.getDecorators(node)?.length)
    out.notes.push({ code: "decorator", detail: "decorated class", line: lineOf(ctx, node) });
  const heritage = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  const base = heritage?.types[0]?.expression;
  const langChainBase = base !== undefined && ts.isIdentifier(base) && importedFromLangChain(ts, ctx.sf, base.text);
  return { out, shape: createShapeCollector(ts), ctorAssigned: new Set(), langChainBase, ownSchema: false };
}

/** Feeds members, in source order, parsed in `ctx`. */
export function addClassMembers(ctx: Ctx, state: ClassBodyState, members: readonly TS.ClassElement[]): void {
  const body = state.out as ClassBodyFacts;
  for (const member of members) {
    const notesBefore = body.notes.length;
    memberFacts(ctx, member, body);
    if (isOwnSchema(ctx.ts, member)) state.ownSchema = true;
    state.shape.member(member);
    if (ctx.ts.isConstructorDeclaration(member)) constructorFacts(ctx, member, body, state);
    bodyFacts(ctx, member, body, state.shape);
    // LangChain serialisation metadata (static lc_name(), get lc_namespace() over
    // super.lc_namespace, …) blocks nothing: the class move drops it (langchain-metadata.ts).
    if (langChainMetadata(ctx.ts, member)) body.notes.splice(notesBefore);
  }
}

export function closeClassBody(state: ClassBodyState): ClassBodyFacts {
  // A field default the constructor replaces (LangChain's `maxResults = 5`, then `this.maxResults =
  // fields?.maxResults ?? this.maxResults`) is constructor logic the class move re-checks, not state.
  // An input typed `z.infer<typeof this.schema>` of a class with its own schema is typed by the
  // spec's schema constant after the move (run-parameters.ts): no blocker.
  const notes = state.out.notes.flatMap(({ field, ...note }) =>
    field === "schema" && note.code === "this-typed-input"
      ? state.ownSchema
        ? []
        : [note]
      : field !== undefined && note.code === "instance-state" && state.ctorAssigned.has(field)
        ? [{ ...note, code: "constructor-logic", detail: `replaces the default of field ${field} in the constructor` }]
        : [note],
  );
  return { ...state.out, notes, shape: state.shape.result() };
}

export function extractClassBody(ctx: Ctx, node: TS.ClassLikeDeclaration): ClassBodyFacts {
  const state = openClassBody(ctx, node);
  addClassMembers(ctx, state, node.members);
  return closeClassBody(state);
}
