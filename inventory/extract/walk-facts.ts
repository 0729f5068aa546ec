/**
 * walkFacts(relPath, ctx, errors): the inventory's one walk over a parsed file (or one statement
 * chunk of it, placed by `ctx.lineBase`): classes with their extends clause and body facts,
 * imports/exports, `new X(…)` construction sites with their enclosing scopes, named functions
 * and their calls, permission-category maps and class tables. extract-file-facts.ts parses and
 * calls it.
 */
import type TS from "typescript";
import {
  FACTS_VERSION,
  type ClassFact,
  type ConstructionFact,
  type FileFacts,
  type FunctionFact,
  type CategoryMapFact,
  type ClassTableFact,
} from "./facts.js";
import {
  calleeLastName,
  identifierPath,
  lineOf,
  propertyNameText,
  stringLiteralValue,
  unwrapExpression,
  walk,
  type Ctx,
} from "./ast-utils.js";
import {
  addClassMembers,
  closeClassBody,
  extractClassBody,
  openClassBody,
  type ClassBodyState,
} from "./class-facts.js";
import { extractModuleFacts } from "./module-facts.js";
import { heritageOf, mixinBindingsOf } from "./heritage.js";
import { categoryMapOf } from "./category-maps.js";
import { collectStateReads, collectStateReadsOf } from "./state-reads.js";
import { BUILTIN_CONSTRUCTORS } from "./builtins.js";
import { classTableOf, iterationSubjects, subjectsOf } from "./class-tables.js";
import { isProviderCall } from "./liveness.js";

const ITERATION_METHODS = new Set(["map", "forEach", "flatMap", "filter", "reduce", "some", "every", "find", "from"]);

interface Frame {
  readonly name: string | null;
  readonly node: TS.Node;
  readonly loop: boolean;
  readonly fn: FunctionFact | null;
  /** What an iteration frame iterates (`T` of `T.map(cb)` / `for (… of T)`). */
  readonly subjects?: readonly string[][];
  /** Variables bound in this frame to an element read (`const C = T[k]`) → its subjects. */
  bound?: Map<string, string[][]>;
}

/** What a `new C()` with a plain identifier callee may draw C from (see ConstructionFact.sources). */
function sourcesOf(stack: readonly Frame[], callee: string): string[][] {
  const out: string[][] = [];
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i] as Frame;
    const b = f.bound?.get(callee);
    if (b) out.push(...b);
    if (f.subjects && f.loop) out.push(...f.subjects);
  }
  return out;
}

function scopeName(ctx: Ctx, node: TS.Node, parent: TS.Node, className: string | null): string | null {
  const { ts } = ctx;
  if (ts.isFunctionDeclaration(node)) return node.name?.text ?? null;
  if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
    const n = propertyNameText(ts, node.name) ?? "?";
    return className ? `${className}.${n}` : n;
  }
  if (ts.isConstructorDeclaration(node)) return className ? `${className}.constructor` : "constructor";
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    if (ts.isFunctionExpression(node) && node.name) return node.name.text;
    if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
    if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
      const n = propertyNameText(ts, parent.name);
      return n && className && ts.isPropertyDeclaration(parent) ? `${className}.${n}` : n;
    }
  }
  return null;
}

function isIterationCallback(ctx: Ctx, node: TS.Node, parent: TS.Node): boolean {
  const { ts } = ctx;
  if (!(ts.isArrowFunction(node) || ts.isFunctionExpression(node)) || !ts.isCallExpression(parent)) return false;
  const callee = parent.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    ITERATION_METHODS.has(callee.name.text) &&
    parent.arguments.some((a) => a === node)
  );
}

function isLoopStatement(ts: Ctx["ts"], k: TS.SyntaxKind): boolean {
  const K = ts.SyntaxKind;
  return (
    k === K.ForStatement ||
    k === K.ForOfStatement ||
    k === K.ForInStatement ||
    k === K.WhileStatement ||
    k === K.DoStatement
  );
}

/** `const C = T[k]`, `T.get(k)`, `T[k] ?? U[k]`: C is drawn from T (recorded on the frame, for a later `new C()`). */
function bindElementRead(ctx: Ctx, frame: Frame, name: string, init: TS.Expression): void {
  const { ts } = ctx;
  const e = unwrapExpression(ts, init);
  const reads = (x: TS.Expression): boolean => {
    const u = unwrapExpression(ts, x);
    if (ts.isElementAccessExpression(u)) return true;
    if (
      ts.isCallExpression(u) &&
      ts.isPropertyAccessExpression(u.expression) &&
      (u.expression.name.text === "get" || u.expression.name.text === "find")
    )
      return true;
    return ts.isBinaryExpression(u) && (reads(u.left) || reads(u.right));
  };
  if (!reads(e)) return;
  const subjects = subjectsOf(ts, e);
  if (subjects.length === 0) return;
  (frame.bound ??= new Map()).set(name, subjects);
}

/** `new Map()`, `new Error(…)`: JavaScript built-ins are never Tool subclasses; skip them early. */
const BUILTINS = BUILTIN_CONSTRUCTORS;

function isBuiltinConstruction(ts: Ctx["ts"], node: TS.NewExpression): boolean {
  return ts.isIdentifier(node.expression) && BUILTINS.has(node.expression.text);
}

function isFunctionKind(ts: Ctx["ts"], k: TS.SyntaxKind): boolean {
  const K = ts.SyntaxKind;
  return (
    k === K.FunctionDeclaration ||
    k === K.MethodDeclaration ||
    k === K.Constructor ||
    k === K.GetAccessor ||
    k === K.SetAccessor ||
    k === K.ArrowFunction ||
    k === K.FunctionExpression
  );
}

function classNameOf(ctx: Ctx, node: TS.ClassLikeDeclaration, parent: TS.Node): string | null {
  const { ts } = ctx;
  if (node.name) return node.name.text;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return null;
}

function argKind(ts: Ctx["ts"], a: TS.Expression): "function" | "template" | "string" | "other" {
  if (ts.isArrowFunction(a) || ts.isFunctionExpression(a)) return "function";
  if (ts.isTemplateExpression(a)) return "template";
  if (stringLiteralValue(ts, a) !== null) return "string";
  return "other";
}

function assignedTarget(ctx: Ctx, parent: TS.Node, node: TS.Node): string | null {
  const { ts } = ctx;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (
    ts.isBinaryExpression(parent) &&
    parent.right === node &&
    parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
  ) {
    const path = identifierPath(ts, parent.left);
    if (path) return path.join(".");
    if (ts.isPropertyAccessExpression(parent.left) && parent.left.expression.kind === ts.SyntaxKind.ThisKeyword)
      return `this.${parent.left.name.text}`;
  }
  return null;
}

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

/** Is `node` (a top-level statement) the split class of this run? */
function splitRoleOf(split: SplitClass, sf: TS.SourceFile, node: TS.Node): "first" | "rest" | null {
  const statements = sf.statements;
  if (split.first) return statements[statements.length - 1] === node ? "first" : null;
  return statements[0] === node ? "rest" : null;
}

/** The walk over one parsed text (the whole file, or one chunk of it placed by `ctx.lineBase`). */
export function walkFacts(relPath: string, ctx: Ctx, errors: FileFacts["parseErrors"], split?: SplitClass): FileFacts {
  const { ts, sf } = ctx;
  const classes: ClassFact[] = [];
  const functions: FunctionFact[] = [];
  const functionNodes: TS.Node[] = [];
  const constructions: ConstructionFact[] = [];
  const categoryMaps: CategoryMapFact[] = [];
  const classTables: ClassTableFact[] = [];
  const functionTypes: string[] = [];
  const classKeys = new Map<TS.Node, string>();
  const keyOf = (node: TS.ClassLikeDeclaration, name: string | null): string => {
    let key = classKeys.get(node);
    if (!key) classKeys.set(node, (key = `${name ?? "<anonymous>"}@${lineOf(ctx, node)}`));
    return key;
  };
  const stack: Frame[] = [{ name: null, node: sf, loop: false, fn: null }];
  const fnStack: FunctionFact[] = [];
  const fnFrames: Frame[] = [];
  const classStack: (string | null)[] = [];
  const pendingReads: {
    fact: ConstructionFact & { stateReads: { prop: string; line: number }[] };
    scope: TS.Node;
    variable: string;
  }[] = [];
  const pendingArgReads: { fact: ConstructionFact; scope: TS.Node; variable: string }[] = [];

  const path: TS.Node[] = [sf];
  // One shared child callback (no closure per node); the parent is the top of `path`.
  const visitChild = (child: TS.Node): undefined => {
    visit(child, path[path.length - 1] ?? sf);
    return undefined;
  };
  const K = ts.SyntaxKind;
  const visit = (node: TS.Node, parent: TS.Node): void => {
    const kind = node.kind;
    const visited = node;
    // Type annotations and import statements hold nothing the walker records: skip their subtrees.
    if ((kind >= K.FirstTypeNode && kind <= K.LastTypeNode) || kind === K.ImportDeclaration) return;
    if (kind === K.InterfaceDeclaration) {
      const decl = node as TS.InterfaceDeclaration;
      if (decl.members.length > 0 && decl.members.every(ts.isCallSignatureDeclaration))
        functionTypes.push(decl.name.text);
      return;
    }
    path.push(node);
    let pushedFrame = false;
    let pushedClass = false;
    let pushedFn = false;
    // Kinds are compared once, here: `node.kind` is a megamorphic load (nodes come in many shapes),
    // and a chain of ts.isX(node) calls re-reads it for every node.
    const splitRole = split && parent === sf ? splitRoleOf(split, sf, node) : null;
    if (splitRole === "rest" && split?.state) {
      const node = visited as TS.ClassDeclaration;
      addClassMembers(ctx, split.state, node.members);
      const name = node.name?.text ?? "";
      classStack.push(name);
      pushedClass = true;
      stack.push({ name, node, loop: false, fn: null });
      pushedFrame = true;
    } else if (kind === K.ClassDeclaration || kind === K.ClassExpression) {
      const node = visited as TS.ClassLikeDeclaration;
      const name = classNameOf(ctx, node, parent);
      const key = keyOf(node, name);
      const heritageClause = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
      const heritageType = heritageClause?.types[0];
      const state = splitRole === "first" && split ? (split.state = openClassBody(ctx, node)) : null;
      if (state) addClassMembers(ctx, state, node.members);
      // A split class's body facts are filled in once every run is walked (extract-file-facts.ts).
      const body = state ? closeClassBody(state) : extractClassBody(ctx, node);
      const fnFrame = fnFrames[fnFrames.length - 1];
      const fact: ClassFact = {
        key,
        name,
        line: lineOf(ctx, node),
        isExpression: kind === K.ClassExpression,
        isAbstract: body.isAbstract,
        heritage: heritageType ? heritageOf(ctx, heritageType) : null,
        enclosingFunction: fnFrame?.fn?.name ?? null,
        returnedFromFunction:
          Boolean(fnFrame) &&
          (returnedDirectly(ctx, path) || (name !== null && returnsNamed(ctx, fnFrame?.node ?? sf, name))),
        wireName: body.wireName,
        ctorParams: body.ctorParams,
        delegations: body.delegations,
        notes: body.notes,
        shape: body.shape,
      };
      classes.push(fact);
      if (state && split) split.fact = fact;
      classStack.push(name ?? key);
      pushedClass = true;
      stack.push({ name: name ?? key, node, loop: false, fn: null });
      pushedFrame = true;
    } else if (isFunctionKind(ts, kind)) {
      const className = classStack.length ? (classStack[classStack.length - 1] ?? null) : null;
      const named = scopeName(ctx, node, parent, className);
      if (named) {
        // The line is filled in at the end, only for functions that call something (the others are dropped).
        const fn: FunctionFact = { name: named, line: 0, calls: [] };
        functions.push(fn);
        functionNodes.push(node);
        const frame = { name: named, node, loop: false, fn };
        stack.push(frame);
        fnStack.push(fn);
        fnFrames.push(frame);
        pushedFrame = true;
        pushedFn = true;
      } else if (isIterationCallback(ctx, node, parent)) {
        stack.push({ name: null, node, loop: true, fn: null, subjects: iterationSubjects(ctx, node, parent) });
        pushedFrame = true;
      }
    } else if (isLoopStatement(ts, kind)) {
      stack.push({
        name: null,
        node,
        loop: true,
        fn: null,
        ...(kind === K.ForOfStatement ? { subjects: iterationSubjects(ctx, node, parent) } : {}),
      });
      pushedFrame = true;
    }
    if (kind === K.NewExpression && !isBuiltinConstruction(ts, visited as TS.NewExpression)) {
      const node = visited as TS.NewExpression;
      const expr = node.expression;
      const inner = ts.isParenthesizedExpression(expr) ? expr.expression : expr;
      const classKey = ts.isClassExpression(inner) ? keyOf(inner, classNameOf(ctx, inner, expr)) : null;
      const namedScopes = stack.filter((f) => f.name !== null);
      const innermost = namedScopes[namedScopes.length - 1];
      const innermostIndex = innermost ? stack.lastIndexOf(innermost) : 0;
      const fact = {
        callee: identifierPath(ts, expr),
        classKey,
        line: lineOf(ctx, node),
        scopes: namedScopes.map((f) => f.name as string),
        inLoop: stack.slice(innermostIndex + 1).some((f) => f.loop),
        assignedTo: assignedTarget(ctx, parent, node),
        stateReads: [] as { prop: string; line: number }[],
        args: (node.arguments ?? []).map((a) => argKind(ts, a)),
      };
      const sources = ts.isIdentifier(expr) ? sourcesOf(stack, expr.text) : [];
      const passedTo =
        ts.isCallExpression(parent) && parent.arguments.some((a) => a === node)
          ? calleeLastName(ts, parent.expression)
          : null;
      const pushed: ConstructionFact = {
        ...fact,
        ...(sources.length > 0 ? { sources } : {}),
        ...(passedTo ? { passedTo } : {}),
      };
      constructions.push(pushed);
      if (fact.assignedTo && !fact.assignedTo.includes(".") && innermost)
        pendingReads.push({ fact, scope: innermost.node, variable: fact.assignedTo });
      if (innermost)
        for (const a of node.arguments ?? [])
          if (ts.isIdentifier(a)) pendingArgReads.push({ fact: pushed, scope: innermost.node, variable: a.text });
    } else if (kind === K.CallExpression) {
      const node = visited as TS.CallExpression;
      const fn = fnStack[fnStack.length - 1];
      const callee = node.expression;
      const last = calleeLastName(ts, callee);
      // Only the provider effect is kept per function: the mask keeps exactly those functions live
      // (liveness.ts PROVIDER_CALLS), so masked and full parses still agree.
      const effect = fn && last && isProviderCall(last) ? "provider" : null;
      if (fn && effect && !fn.effects?.includes(effect))
        (fn as { effects?: string[] }).effects = [...(fn.effects ?? []), effect].sort();
      if (fn && ts.isIdentifier(callee))
        (fn.calls as { name: string; line: number }[]).push({ name: callee.text, line: lineOf(ctx, node) });
      else if (
        fn &&
        ts.isPropertyAccessExpression(callee) &&
        callee.expression.kind === ts.SyntaxKind.ThisKeyword &&
        classStack.length
      ) {
        (fn.calls as { name: string; line: number }[]).push({
          name: `${classStack[classStack.length - 1]}.${callee.name.text}`,
          line: lineOf(ctx, node),
        });
      }
    } else if (kind === K.VariableDeclaration) {
      const decl = visited as TS.VariableDeclaration;
      const map = categoryMapOf(ctx, decl);
      if (map) categoryMaps.push(map);
      else {
        const table = classTableOf(ctx, decl);
        if (table) classTables.push(table);
      }
      if (decl.initializer && ts.isIdentifier(decl.name) && stack.length > 1)
        bindElementRead(ctx, stack[stack.length - 1] as Frame, decl.name.text, decl.initializer);
    } else if (kind === K.TypeAliasDeclaration && ts.isFunctionTypeNode((visited as TS.TypeAliasDeclaration).type)) {
      functionTypes.push((visited as TS.TypeAliasDeclaration).name.text);
    }
    ts.forEachChild(node, visitChild);
    if (pushedFrame) stack.pop();
    if (pushedClass) classStack.pop();
    if (pushedFn) {
      fnStack.pop();
      fnFrames.pop();
    }
    path.pop();
  };
  ts.forEachChild(sf, visitChild);
  for (const p of pendingReads) p.fact.stateReads.push(...collectStateReads(ctx, p.scope, p.variable));
  // One walk per scope for every variable handed to a constructor there.
  const argScopes = new Map<TS.Node, Set<string>>();
  for (const p of pendingArgReads) argScopes.set(p.scope, (argScopes.get(p.scope) ?? new Set()).add(p.variable));
  const argReads = new Map<TS.Node, Map<string, { prop: string; line: number }[]>>();
  for (const [scope, variables] of argScopes) argReads.set(scope, collectStateReadsOf(ctx, scope, variables));
  for (const p of pendingArgReads) {
    const reads = (argReads.get(p.scope)?.get(p.variable) ?? []).map((r) => ({ arg: p.variable, ...r }));
    if (reads.length)
      (p.fact as { sharedReads?: typeof reads }).sharedReads = [...(p.fact.sharedReads ?? []), ...reads];
  }
  const moduleFacts = extractModuleFacts(ctx, (node) => keyOf(node, null));
  const calling = functions.flatMap((f, i) => {
    const node = functionNodes[i];
    return (f.calls.length > 0 || f.effects?.length) && node ? [{ ...f, line: lineOf(ctx, node) }] : [];
  });
  const mixinBindings = mixinBindingsOf(ctx);
  return {
    version: FACTS_VERSION,
    file: relPath,
    parseErrors: errors,
    ...moduleFacts,
    classes,
    functions: calling,
    constructions,
    categoryMaps,
    functionTypes,
    ...(mixinBindings.length > 0 ? { mixinBindings } : {}),
    ...(classTables.length > 0 ? { classTables } : {}),
  };
}
