/**
 * What a run field's type is, beyond its text: two classes' `options: Options` are one type only
 * when `Options` comes from the same module. The identity is the type text plus, per name it
 * references, the module that declares it (root-relative, `.js`), or the package specifier; run
 * fields typed by text alone used to merge two files' same-named types into one field.
 */
import { posix } from "node:path";
import type { SourceFile, TypeNode } from "ts-morph";
import { resolveRef } from "./resolve.js";
import { referenceIdentifiers } from "./rewrite-body.js";

function moduleOf(specifier: string, fromFile: string): string {
  if (!specifier.startsWith(".")) return specifier;
  return posix.normalize(posix.join(posix.dirname(fromFile), specifier)).replace(/\.tsx?$/, ".js");
}

function identity(text: string, sources: ReadonlyMap<string, string>): string {
  const refs = [...sources].map(([name, from]) => `${name}@${from}`).sort();
  return refs.length ? `${text} | ${refs.join(", ")}` : text;
}

/** The identity of a parameter's type annotation written in `file`. */
export function typeIdentity(typeNode: TypeNode, sf: SourceFile, file: string): string {
  const sources = new Map<string, string>();
  for (const id of referenceIdentifiers(typeNode)) {
    const ref = resolveRef(id, sf);
    if (ref?.kind === "import") sources.set(id.getText(), moduleOf(ref.decl.getModuleSpecifierValue(), file));
    else if (ref?.kind === "local") sources.set(id.getText(), moduleOf(`./${posix.basename(file)}`, file));
  }
  return identity(typeNode.getText(), sources);
}

/** The identity of a type text written in a file whose imports are `imports` (local → specifier). */
export function declaredTypeIdentity(text: string, imports: ReadonlyMap<string, string>, file: string): string {
  const sources = new Map<string, string>();
  for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const spec = imports.get(m[0]);
    if (spec !== undefined) sources.set(m[0], moduleOf(spec, file));
  }
  return identity(text, sources);
}
