/**
 * Which classes the class move actually converted, read from the tree as it is now: a class of
 * kind "capability" with no blockers, in a selected namespace, with a literal wire name, whose
 * declaration no longer exists in its file (or survives only as a `@deprecated` shim under
 * --keep-shims). Constructor parameter names come from the inventory record when it carries
 * them (`constructorParams`), else from the class as it was on disk before this run.
 */
import type TS from "typescript";
import type { ClassRecord } from "../../inventory/types.js";
import { parseSource, type TypeScriptApi } from "../shared/parse.js";
import type { CodemodContext } from "../codemod.js";
import type { VirtualTree } from "../plan.js";
import { blockingBlockers } from "../shared/blocking.js";

export interface ConvertedClass {
  readonly name: string;
  readonly wireName: string;
  readonly namespace: string;
  /** The file the class was declared in (root-relative). */
  readonly file: string;
  readonly line: number;
  /** Constructor parameter names by position; null entries are destructured parameters; null when unknown. */
  readonly ctorParams: readonly (string | null)[] | null;
  /** A --keep-shims class survives: type positions and plain value uses keep working and are left alone. */
  readonly shim: boolean;
  /** The class move's parameter → run field decisions for this class, when it ran in this run. */
  readonly fieldChoices?: ReadonlyMap<string, string>;
}

const classIndexes = new WeakMap<TS.SourceFile, Map<string, TS.ClassLikeDeclaration>>();

/**
 * The first class (declaration or expression, in source order, at any depth) of that name. One
 * walk per file builds the index: a walk per record made a file of many classes quadratic.
 */
function findClass(ts: TypeScriptApi, sf: TS.SourceFile, name: string): TS.ClassLikeDeclaration | undefined {
  let index = classIndexes.get(sf);
  if (!index) {
    const byName = new Map<string, TS.ClassLikeDeclaration>();
    const visit = (node: TS.Node): void => {
      if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name && !byName.has(node.name.text))
        byName.set(node.name.text, node);
      ts.forEachChild(node, visit);
    };
    visit(sf);
    classIndexes.set(sf, (index = byName));
  }
  return index.get(name);
}

/** A --keep-shims leftover: @deprecated (on the class or its merged interface) or a constructor returning the adapter. */
function isShim(ts: TypeScriptApi, sf: TS.SourceFile, cls: TS.ClassLikeDeclaration): boolean {
  const name = cls.name?.text;
  const deprecated = (node: TS.Node): boolean => ts.getJSDocTags(node).some((t) => t.tagName.text === "deprecated");
  if (deprecated(cls)) return true;
  if (sf.statements.some((s) => ts.isInterfaceDeclaration(s) && s.name.text === name && deprecated(s))) return true;
  return cls.members.some(
    (m) => ts.isConstructorDeclaration(m) && /\breturn\s+toolForCapabilityName\s*\(/.test(m.getText(sf)),
  );
}

function paramsFromRecord(record: ClassRecord): (string | null)[] | null {
  const raw = (record as { readonly constructorParams?: unknown }).constructorParams;
  if (!Array.isArray(raw)) return null;
  return raw.map((p) =>
    typeof p === "string"
      ? p
      : typeof p === "object" && p !== null && typeof (p as { name?: unknown }).name === "string"
        ? (p as { name: string }).name
        : null,
  );
}

function paramsFromSource(ts: TypeScriptApi, sourceFile: TS.SourceFile, name: string): (string | null)[] | null {
  const cls = findClass(ts, sourceFile, name);
  if (!cls) return null;
  const ctor = cls.members.find(
    (m): m is TS.ConstructorDeclaration => ts.isConstructorDeclaration(m) && m.body !== undefined,
  );
  if (!ctor) return [];
  return ctor.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : null));
}

export interface ConvertedSet {
  readonly classes: readonly ConvertedClass[];
  /** Classes selected for conversion whose declaration is still in the tree (the class move refused them). */
  readonly stillDeclared: readonly ClassRecord[];
}

export function convertedClasses(ts: TypeScriptApi, tree: VirtualTree, context: CodemodContext): ConvertedSet {
  const selected = new Set(context.namespaces);
  const classes: ConvertedClass[] = [];
  const stillDeclared: ClassRecord[] = [];
  const parsed = new Map<string, TS.SourceFile | null>();
  const originals = new Map<string, TS.SourceFile | null>();
  const current = (file: string): TS.SourceFile | null => {
    if (!parsed.has(file)) {
      const text = tree.read(file);
      parsed.set(file, text === null ? null : parseSource(file, text).sourceFile);
    }
    return parsed.get(file) ?? null;
  };
  for (const record of context.inventory.classes) {
    // Blockers the class move re-checks or lifts (flattening) count only if it left the declaration (checked below).
    if (record.kind !== "capability" || blockingBlockers(record, true).length > 0) continue;
    if (!record.name || !record.wireName || !record.namespace || !selected.has(record.namespace)) continue;
    const sf = current(record.file);
    const decl = sf ? findClass(ts, sf, record.name) : undefined;
    const shim = Boolean(sf && decl && isShim(ts, sf, decl));
    if (sf && decl && !(context.keepShims && shim)) {
      stillDeclared.push(record);
      continue;
    }
    const fromRecord = paramsFromRecord(record);
    if (fromRecord === null && !originals.has(record.file)) {
      const text = tree.readOriginal(record.file);
      originals.set(record.file, text === null ? null : parseSource(record.file, text).sourceFile);
    }
    const original = fromRecord === null ? (originals.get(record.file) ?? null) : null;
    classes.push({
      name: record.name,
      wireName: record.wireName,
      namespace: record.namespace,
      file: record.file,
      line: record.line,
      ctorParams: fromRecord ?? (original === null ? null : paramsFromSource(ts, original, record.name)),
      ...(context.runFieldChoices?.has(`${record.file}#${record.name}`)
        ? { fieldChoices: context.runFieldChoices.get(`${record.file}#${record.name}`) }
        : {}),
      shim,
    });
  }
  return { classes, stillDeclared };
}
