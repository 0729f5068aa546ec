/**
 * walkFacts(relPath, ctx, errors): the inventory's one walk over a parsed file (or one statement
 * chunk of it, placed by `ctx.lineBase`): classes with their extends clause and body facts,
 * imports/exports, `new X(…)` construction sites with their enclosing scopes (walk-constructions.ts),
 * named functions and their calls, permission-category maps and class tables. The frames it keeps
 * are in walk-scopes.ts, its state in walk-state.ts. extract-file-facts.ts parses and calls it.
 */
import type TS from "typescript";
import { FACTS_VERSION, type ClassFact, type FileFacts, type FunctionFact } from "./facts.js";
import { calleeLastName, lineOf, walk, type Ctx } from "./ast-utils.js";
import { addClassMembers, closeClassBody, extractClassBody, openClassBody } from "./class-facts.js";
import { extractModuleFacts } from "./module-facts.js";
import { heritageOf, mixinBindingsOf } from "./heritage.js";
import { categoryMapOf } from "./category-maps.js";
import { classTableOf, iterationSubjects } from "./class-tables.js";
import { isProviderCall } from "./liveness.js";
import { collectPendingReads, isBuiltinConstruction, recordConstruction } from "./walk-constructions.js";
import {
  bindElementRead,
  classNameOf,
  isFunctionKind,
  isIterationCallback,
  isLoopStatement,
  scopeName,
  type Frame,
} from "./walk-scopes.js";
import { keyOf, newWalkState, type SplitClass, type WalkState } from "./walk-state.js";

export type { SplitClass } from "./walk-state.js";

/** Walks up through `(…)`, `new (…)()`, `as` from a class expression: is it returned/yielded as a result? */
function returnedDirectly(ctx: Ctx, path: readonly TS.Node[]): boolean {
  const { ts } = ctx;
  for (let i = path.length - 2; i >= 0; i--) {
    const n = path[i] as TS.Node;
    if (ts.isReturnStatement(n) || ts.isArrowFunction(n)) return true;
    if (!(
      ts.isParenthesizedExpression(n) ||
      ts.isNewExpression(n) ||
      ts.isAsExpression(n) ||
      ts.isSatisfiesExpression(n)
    ))
      return false;
  }
  return false;
}

/** Does the function return the named class (`return Name` / `return new Name(…)`)? */
function returnsNamed(ctx: Ctx, fnNode: TS.Node, name: string): boolean {
  const { ts } = ctx;
  let found = false;
  walk(ts, fnNode, (n) => {
    if (found) return false;
    if (ts.isReturnStatement(n) && n.expression) {
      const e = ts.isNewExpression(n.expression) ? n.expression.expression : n.expression;
      if (ts.isIdentifier(e) && e.text === name) found = true;
    }
    return true;
  });
  return found;
}
/** Is `node` (a top-level statement) the split class of this run? */
function splitRoleOf(split: SplitClass, sf: TS.SourceFile, node: TS.Node): "first" | "rest" | null {
  const statements = sf.statements;
  if (split.first) return statements[statements.length - 1] === node ? "first" : null;
  return statements[0] === node ? "rest" : null;
}

/** What a handler pushed, for the walk to pop after the node's children. */
const FRAME = 1;
const CLASS = 2;
const FN = 4;

/** A later member run of a split class: its members feed the class's body facts; no class is recorded. */
function continueSplitClass(st: WalkState, node: TS.ClassDeclaration): number {
  if (st.split?.state) addClassMembers(st.ctx, st.split.state, node.members);
  const name = node.name?.text ?? "";
  st.classStack.push(name);
  st.stack.push({ name, node, loop: false, fn: null });
  return FRAME | CLASS;
}

function visitClass(st: WalkState, node: TS.ClassLikeDeclaration, parent: TS.Node, first: boolean): number {
  const { ctx, split } = st;
  const { ts, sf } = ctx;
  const name = classNameOf(ctx, node, parent);
  const key = keyOf(st, node, name);
  const heritageClause = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  const heritageType = heritageClause?.types[0];
  const state = first && split ? (split.state = openClassBody(ctx, node)) : null;
  if (state) addClassMembers(ctx, state, node.members);
  // A split class's body facts are filled in once every run is walked (extract-file-facts.ts).
  const body = state ? closeClassBody(state) : extractClassBody(ctx, node);
  const fnFrame = st.fnFrames[st.fnFrames.length - 1];
  const fact: ClassFact = {
    key,
    name,
    line: lineOf(ctx, node),
    isExpression: node.kind === ts.SyntaxKind.ClassExpression,
    isAbstract: body.isAbstract,
    heritage: heritageType ? heritageOf(ctx, heritageType) : null,
    enclosingFunction: fnFrame?.fn?.name ?? null,
    returnedFromFunction:
      Boolean(fnFrame) &&
      (returnedDirectly(ctx, st.path) || (name !== null && returnsNamed(ctx, fnFrame?.node ?? sf, name))),
    wireName: body.wireName,
    ctorParams: body.ctorParams,
    delegations: body.delegations,
    notes: body.notes,
    shape: body.shape,
  };
  st.classes.push(fact);
  if (state && split) split.fact = fact;
  st.classStack.push(name ?? key);
  st.stack.push({ name: name ?? key, node, loop: false, fn: null });
  return FRAME | CLASS;
}

/** A named function opens a scope with its own calls; an iteration callback opens a loop frame. */
function enterFunction(st: WalkState, node: TS.Node, parent: TS.Node): number {
  const { ctx, classStack } = st;
  const className = classStack.length ? (classStack[classStack.length - 1] ?? null) : null;
  const named = scopeName(ctx, node, parent, className);
  if (named) {
    // The line is filled in at the end, only for functions that call something (the others are dropped).
    const fn: FunctionFact = { name: named, line: 0, calls: [] };
    st.functions.push(fn);
    st.functionNodes.push(node);
    const frame = { name: named, node, loop: false, fn };
    st.stack.push(frame);
    st.fnStack.push(fn);
    st.fnFrames.push(frame);
    return FRAME | FN;
  }
  if (isIterationCallback(ctx, node, parent)) {
    st.stack.push({ name: null, node, loop: true, fn: null, subjects: iterationSubjects(ctx, node, parent) });
    return FRAME;
  }
  return 0;
}

function enterLoop(st: WalkState, node: TS.Node, parent: TS.Node): number {
  const { ctx } = st;
  st.stack.push({
    name: null,
    node,
    loop: true,
    fn: null,
    ...(node.kind === ctx.ts.SyntaxKind.ForOfStatement ? { subjects: iterationSubjects(ctx, node, parent) } : {}),
  });
  return FRAME;
}

/** A call inside a named function: its callee (`f()`, `this.m()` as `Class.m`) and the provider effect. */
function recordCall(st: WalkState, node: TS.CallExpression): void {
  const { ctx, classStack } = st;
  const { ts } = ctx;
  const fn = st.fnStack[st.fnStack.length - 1];
  if (!fn) return;
  const callee = node.expression;
  const last = calleeLastName(ts, callee);
  // Only the provider effect is kept per function: the mask keeps exactly those functions live
  // (liveness.ts PROVIDER_CALLS), so masked and full parses still agree.
  const effect = last && isProviderCall(last) ? "provider" : null;
  if (effect && !fn.effects?.includes(effect))
    (fn as { effects?: string[] }).effects = [...(fn.effects ?? []), effect].sort();
  if (ts.isIdentifier(callee))
    (fn.calls as { name: string; line: number }[]).push({ name: callee.text, line: lineOf(ctx, node) });
  else if (
    ts.isPropertyAccessExpression(callee) &&
    callee.expression.kind === ts.SyntaxKind.ThisKeyword &&
    classStack.length
  ) {
    (fn.calls as { name: string; line: number }[]).push({
      name: `${classStack[classStack.length - 1]}.${callee.name.text}`,
      line: lineOf(ctx, node),
    });
  }
}

/** A variable: a permission-category map, a class table, or an element read a later `new C()` draws from. */
function recordVariable(st: WalkState, decl: TS.VariableDeclaration): void {
  const { ctx, stack } = st;
  const map = categoryMapOf(ctx, decl);
  if (map) st.categoryMaps.push(map);
  else {
    const table = classTableOf(ctx, decl);
    if (table) st.classTables.push(table);
  }
  if (decl.initializer && ctx.ts.isIdentifier(decl.name) && stack.length > 1)
    bindElementRead(ctx, stack[stack.length - 1] as Frame, decl.name.text, decl.initializer);
}

/** The walk over one parsed text (the whole file, or one chunk of it placed by `ctx.lineBase`). */
export function walkFacts(relPath: string, ctx: Ctx, errors: FileFacts["parseErrors"], split?: SplitClass): FileFacts {
  const { ts, sf } = ctx;
  const st = newWalkState(ctx, split);
  const { path, stack, classStack, fnStack, fnFrames, functionTypes } = st;
  // One shared child callback (no closure per node); the parent is the top of `path`.
  const visitChild = (child: TS.Node): undefined => {
    visit(child, path[path.length - 1] ?? sf);
    return undefined;
  };
  const K = ts.SyntaxKind;
  const visit = (node: TS.Node, parent: TS.Node): void => {
    const kind = node.kind;
    // Type annotations and import statements hold nothing the walker records: skip their subtrees.
    if ((kind >= K.FirstTypeNode && kind <= K.LastTypeNode) || kind === K.ImportDeclaration) return;
    if (kind === K.InterfaceDeclaration) {
      const decl = node as TS.InterfaceDeclaration;
      if (decl.members.length > 0 && decl.members.every(ts.isCallSignatureDeclaration))
        functionTypes.push(decl.name.text);
      return;
    }
    path.push(node);
    // Kinds are compared once, here: `node.kind` is a megamorphic load (nodes come in many shapes),
    // and a chain of ts.isX(node) calls re-reads it for every node.
    const splitRole = split && parent === sf ? splitRoleOf(split, sf, node) : null;
    let pushed = 0;
    if (splitRole === "rest" && split?.state) pushed = continueSplitClass(st, node as TS.ClassDeclaration);
    else if (kind === K.ClassDeclaration || kind === K.ClassExpression)
      pushed = visitClass(st, node as TS.ClassLikeDeclaration, parent, splitRole === "first");
    else if (isFunctionKind(ts, kind)) pushed = enterFunction(st, node, parent);
    else if (isLoopStatement(ts, kind)) pushed = enterLoop(st, node, parent);
    if (kind === K.NewExpression && !isBuiltinConstruction(ts, node as TS.NewExpression))
      recordConstruction(st, node as TS.NewExpression, parent);
    else if (kind === K.CallExpression) recordCall(st, node as TS.CallExpression);
    else if (kind === K.VariableDeclaration) recordVariable(st, node as TS.VariableDeclaration);
    else if (kind === K.TypeAliasDeclaration && ts.isFunctionTypeNode((node as TS.TypeAliasDeclaration).type))
      functionTypes.push((node as TS.TypeAliasDeclaration).name.text);
    ts.forEachChild(node, visitChild);
    if (pushed & FRAME) stack.pop();
    if (pushed & CLASS) classStack.pop();
    if (pushed & FN) {
      fnStack.pop();
      fnFrames.pop();
    }
    path.pop();
  };
  ts.forEachChild(sf, visitChild);
  collectPendingReads(st);
  return factsOf(st, relPath, errors);
}

/** The walk's facts, with the file's module facts and mixin bindings. */
function factsOf(st: WalkState, relPath: string, errors: FileFacts["parseErrors"]): FileFacts {
  const { ctx } = st;
  const moduleFacts = extractModuleFacts(ctx, (node) => keyOf(st, node, null));
  const calling = st.functions.flatMap((f, i) => {
    const node = st.functionNodes[i];
    return (f.calls.length > 0 || f.effects?.length) && node ? [{ ...f, line: lineOf(ctx, node) }] : [];
  });
  const mixinBindings = mixinBindingsOf(ctx);
  return {
    version: FACTS_VERSION,
    file: relPath,
    parseErrors: errors,
    ...moduleFacts,
    classes: st.classes,
    functions: calling,
    constructions: st.constructions,
    categoryMaps: st.categoryMaps,
    functionTypes: st.functionTypes,
    ...(mixinBindings.length > 0 ? { mixinBindings } : {}),
    ...(st.classTables.length > 0 ? { classTables: st.classTables } : {}),
  };
}
