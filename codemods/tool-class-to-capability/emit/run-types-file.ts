/**
 * Writes `<capabilitiesDir>/run-types.ts`: an augmentation of the runtime's
 * `CapabilityHostTypes`, so `run.context` and the run fields old constructors fed
 * (`run.nodeRegistry`, `run.providers`, …) keep the types their parameters had. Created on
 * first use; later runs add only fields it does not declare yet.
 */
import { Node, SyntaxKind, type Project, type SourceFile, type TypeNode } from "ts-morph";
import { isExported, isTypeOnlyStatement, resolveRef } from "../analyze/resolve.js";
import { referenceIdentifiers } from "../analyze/rewrite-body.js";
import type { ImportNeed } from "../../shared/imports.js";
import { importSpecifierFor, specifierAsWritten } from "../../shared/paths.js";
import { mergeImports } from "./imports.js";
import { insertBeforeClose, parseText } from "./morph.js";
import { renameIdentifiers } from "./rename-identifiers.js";

/** The run fields the runtime lets a host type (see runtime/types.ts HostType). */
export const HOST_TYPE_KEYS = new Set([
  "context",
  "client",
  "subAgent",
  "nodeRegistry",
  "providers",
  "examples",
  "vectorCollection",
  "loaders",
]);

export interface RunTypeMember {
  readonly key: string;
  readonly type: string;
  readonly imports: readonly ImportNeed[];
  /**
   * "host": a field the runtime names (CapabilityHostTypes); "field": one a migration added, declared
   * as an optional member of CapabilityRunFields (a host may build runs without it).
   */
  readonly target?: "host" | "field";
}

/** A member for `key` typed like `typeNode` (from `file`), or null when its type cannot be imported. */
export function runTypeMember(
  key: string,
  typeNode: TypeNode | string,
  sf: SourceFile,
  file: string,
  target: string,
): RunTypeMember | null {
  const kind = HOST_TYPE_KEYS.has(key) ? "host" : "field";
  if (typeof typeNode === "string") return { key, type: typeNode, imports: [], target: kind };
  const imports: ImportNeed[] = [];
  for (const id of referenceIdentifiers(typeNode)) {
    const ref = resolveRef(id, sf);
    if (!ref) continue;
    if (ref.kind === "import") {
      imports.push({
        specifier: importSpecifierFor(ref.decl.getModuleSpecifierValue(), file, target),
        imported: ref.imported,
        local: ref.local,
        typeOnly: true,
      });
    } else if (isExported(ref.stmt) && (isTypeOnlyStatement(ref.stmt) || Node.isClassDeclaration(ref.stmt))) {
      imports.push({
        specifier: specifierAsWritten(target, file),
        imported: ref.name,
        local: ref.name,
        typeOnly: true,
      });
    } else return null;
  }
  return { key, type: typeNode.getText(), imports, target: kind };
}

function skeleton(runtimeImport: string): string {
  return `/**
 * Types of the run fields migrated capabilities read: an augmentation of the runtime's
 * CapabilityHostTypes, so run.context and the fields old constructors took keep their types.
 * Written by \`capkit migrate\`; re-runs add missing fields only.
 */
declare module ${JSON.stringify(runtimeImport)} {
  interface CapabilityHostTypes {
  }
}

export {};
`;
}

/** `text` with `lines` added to interface `name` of the module augmentation (created there when missing). */
function addMembers(
  project: Project,
  path: string,
  text: string,
  name: string,
  members: readonly RunTypeMember[],
  line: (m: RunTypeMember) => string,
): string {
  const sf = parseText(project, path, text);
  const ifaces = sf.getDescendantsOfKind(SyntaxKind.InterfaceDeclaration);
  const iface = ifaces.find((i) => i.getName() === name);
  if (!iface) {
    const host = ifaces.find((i) => i.getName() === "CapabilityHostTypes");
    if (!host) throw new Error(`${path}: no CapabilityHostTypes interface to add run field types beside`);
    const at = host.getEnd();
    return addMembers(
      project,
      path,
      `${text.slice(0, at)}\n  interface ${name} {\n  }${text.slice(at)}`,
      name,
      members,
      line,
    );
  }
  const have = new Set(iface.getProperties().map((p) => p.getName()));
  const fresh = members.filter((m, i) => !have.has(m.key) && members.findIndex((x) => x.key === m.key) === i);
  if (!fresh.length) return text;
  const open = iface.getStart() + iface.getText().indexOf("{");
  return insertBeforeClose(text, iface.getEnd() - 1, open, fresh.map(line).join("\n"), ";");
}

/**
 * Members whose type imports a name the file already binds to another module (two classes'
 * `Options`, each its own file's) import it under an alias, `Options as Options2`, and say so in
 * their type; members the file already declares are dropped (their imports would be unused).
 */
function aliasCollidingImports(
  project: Project,
  path: string,
  text: string,
  members: readonly RunTypeMember[],
): RunTypeMember[] {
  const sf = parseText(project, path, text);
  const declaredKeys = new Set(
    sf.getDescendantsOfKind(SyntaxKind.InterfaceDeclaration).flatMap((i) => i.getProperties().map((p) => p.getName())),
  );
  const bound = new Map<string, string>();
  for (const d of sf.getImportDeclarations())
    for (const n of d.getNamedImports())
      bound.set(n.getAliasNode()?.getText() ?? n.getName(), `${d.getModuleSpecifierValue()} ${n.getName()}`);
  const out: RunTypeMember[] = [];
  for (const m of members) {
    if (declaredKeys.has(m.key) || out.some((x) => x.key === m.key)) continue;
    const renames = new Map<string, string>();
    const imports = m.imports.map((n) => {
      const key = `${n.specifier} ${n.imported}`;
      const theirs = bound.get(n.local);
      if (theirs === undefined || theirs === key) {
        bound.set(n.local, key);
        return n;
      }
      let i = 2;
      while (bound.has(`${n.local}${i}`) && bound.get(`${n.local}${i}`) !== key) i++;
      const local = `${n.local}${i}`;
      bound.set(local, key);
      renames.set(n.local, local);
      return { ...n, local };
    });
    const type = renames.size
      ? renameIdentifiers(`type T = ${m.type};`, renames, "statements")
          .replace(/^type T = /, "")
          .replace(/;$/, "")
      : m.type;
    out.push({ ...m, type, imports });
  }
  return out;
}

export function writeRunTypesFile(
  project: Project,
  path: string,
  existing: string | null,
  runtimeImport: string,
  requested: readonly RunTypeMember[],
): string {
  const original = existing ?? skeleton(runtimeImport);
  let text = original;
  const members = aliasCollidingImports(project, path, original, requested);
  const host = members.filter((m) => (m.target ?? "host") === "host");
  const fields = members.filter((m) => m.target === "field");
  if (host.length)
    text = addMembers(project, path, text, "CapabilityHostTypes", host, (m) => `    ${m.key}: ${m.type};`);
  if (fields.length)
    text = addMembers(project, path, text, "CapabilityRunFields", fields, (m) => `    readonly ${m.key}?: ${m.type};`);
  if (text === original) return text;
  return mergeImports(
    parseText(project, path, text),
    members.flatMap((m) => m.imports),
  );
}
