/**
 * `classNamed(sf, name)`: `sf.getClass(name)` from an index built once per parsed text.
 * ts-morph's getClass walks the file's statements on every call, so looking up each class of a
 * file of many classes costs the square of the file. Same answer: the first top-level class
 * declaration of that name.
 */
import type { ClassDeclaration, SourceFile } from "ts-morph";

/** Keyed by the compiler's SourceFile, which ts-morph replaces whenever the text changes. */
const indexes = new WeakMap<object, Map<string, ClassDeclaration>>();

export function classNamed(sf: SourceFile, name: string): ClassDeclaration | undefined {
  let index = indexes.get(sf.compilerNode);
  if (!index) {
    index = new Map();
    for (const cls of sf.getClasses()) {
      const n = cls.getName();
      if (n !== undefined && !index.has(n)) index.set(n, cls);
    }
    indexes.set(sf.compilerNode, index);
  }
  const hit = index.get(name);
  // A wrapper ts-morph has since forgotten (its node was removed) is no answer: look again.
  return hit && !hit.wasForgotten() ? hit : hit ? sf.getClass(name) : undefined;
}
