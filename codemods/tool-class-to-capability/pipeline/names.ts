/**
 * Between place and emit: one namespace's classes may come from several source files, and each
 * file brings its own imports and moved declarations into the same `<ns>.specs.ts` and `<ns>.ts`.
 * Two files can bind one name to different things — `ProcessingContext` imported from two
 * packages, a `resolvePath` helper each file declares its own way, a constant one file declares
 * and another imports. Files are joined in order: a binding the generated file already has under
 * that name (the same import, or a declaration with the same text, which is then emitted once)
 * is shared; a different one is renamed in everything the later file contributes (`X` → `X2`:
 * imports get an alias, declarations and the code using them are renamed).
 */
import type { ClassParts } from "../analyze/build-parts.js";
import type { ImportNeed } from "../../shared/imports.js";
import { renameIdentifiers, namesDeclaredInText } from "../emit/rename-identifiers.js";
import { parseText } from "../emit/morph.js";
import type { NamespaceRun } from "./namespace-run.js";

/** What one source file brings to the generated files. */
export interface FileShare {
  readonly specImports: ImportNeed[];
  readonly moduleImports: ImportNeed[];
  readonly specStatements: string[];
  readonly moduleStatements: string[];
  readonly parts: ClassParts[];
}

type Target = "spec" | "module";
type Bindings = Map<string, string>; // local name → what it is bound to

const importKey = (n: ImportNeed): string => `import ${n.specifier} ${n.imported}`;
const declKey = (text: string): string => `decl ${text.trim()}`;

/** The bindings a generated file already has (an earlier run wrote it). */
function existingBindings(run: NamespaceRun, path: string): Bindings {
  const out: Bindings = new Map();
  const text = run.tree.read(path);
  if (text === null) return out;
  const sf = parseText(run.project, `${path}.bindings.ts`, text);
  for (const d of sf.getImportDeclarations()) {
    const spec = d.getModuleSpecifierValue();
    const def = d.getDefaultImport();
    if (def) out.set(def.getText(), `import ${spec} default`);
    const ns = d.getNamespaceImport();
    if (ns) out.set(ns.getText(), `import ${spec} *`);
    for (const s of d.getNamedImports())
      out.set(s.getAliasNode()?.getText() ?? s.getName(), `import ${spec} ${s.getName()}`);
  }
  for (const s of sf.getStatements()) {
    if (s.getKindName() === "ImportDeclaration") continue;
    for (const name of namesDeclaredInText(s.getText())) out.set(name, declKey(s.getText()));
  }
  return out;
}

function renameShare(share: FileShare, renames: ReadonlyMap<string, string>): FileShare {
  if (renames.size === 0) return share;
  const stmt = (t: string): string => renameIdentifiers(t, renames, "statements");
  const need = (n: ImportNeed): ImportNeed => {
    const to = renames.get(n.local);
    if (to === undefined) return n;
    // A name moved into the specs file is declared there under the new name too.
    return n.specifier.endsWith(".specs.js") && n.imported === n.local
      ? { ...n, imported: to, local: to }
      : { ...n, local: to };
  };
  return {
    specImports: share.specImports.map(need),
    moduleImports: share.moduleImports.map(need),
    specStatements: share.specStatements.map(stmt),
    moduleStatements: share.moduleStatements.map(stmt),
    parts: share.parts.map((p) => ({
      ...p,
      specText: stmt(p.specText),
      entryText: renameIdentifiers(p.entryText, renames, "element"),
      typedEntryText: renameIdentifiers(p.typedEntryText, renames, "element"),
      moduleFunctions: p.moduleFunctions.map(stmt),
      sharedFunctions: p.sharedFunctions.map((f) => ({ name: renames.get(f.name) ?? f.name, text: stmt(f.text) })),
      contextType: p.contextType === null ? null : renameIdentifiers(p.contextType, renames, "statements"),
    })),
  };
}

/** Every (target, name, binding) a share introduces. */
function bindingsOf(share: FileShare): { target: Target; name: string; key: string }[] {
  const out: { target: Target; name: string; key: string }[] = [];
  for (const n of share.specImports) out.push({ target: "spec", name: n.local, key: importKey(n) });
  for (const n of share.moduleImports) out.push({ target: "module", name: n.local, key: importKey(n) });
  const decls = (target: Target, texts: readonly string[]): void => {
    for (const t of texts) for (const name of namesDeclaredInText(t)) out.push({ target, name, key: declKey(t) });
  };
  decls("spec", share.specStatements);
  decls("module", share.moduleStatements);
  for (const p of share.parts) {
    decls("spec", [p.specText]);
    decls("module", p.moduleFunctions);
    decls(
      "module",
      p.sharedFunctions.map((f) => f.text),
    );
  }
  return out;
}

function firstContext(shares: readonly FileShare[]): string | null {
  return shares.flatMap((s) => s.parts).find((p) => p.contextType)?.contextType ?? null;
}

/**
 * A share's imports only its dropped context annotation used: `process(context: Ctx, …)` keeps no
 * annotation in an impl typed by the module's `CapabilityModule<Ctx>`, so an import only that
 * annotation used would be imported for nothing. A class whose context type differs from the
 * first class's keeps it: its impl is typed by its own (emit.ts, moduleContextType). The first
 * share keeps its imports.
 */
/** The typed entry, when this class's context differs from the module's first one (it is then used). */
function typedEntry(p: ClassParts, moduleContext: string): string[] {
  return p.contextType !== null && p.contextType !== moduleContext ? [p.typedEntryText] : [];
}

function dropUnusedImports(share: FileShare, moduleContext: string | null): FileShare {
  if (moduleContext === null) return share;
  const texts = (target: Target): string =>
    [
      ...(target === "spec" ? share.specStatements : share.moduleStatements),
      ...share.parts.flatMap((p) =>
        target === "spec"
          ? [p.specText]
          : [
              p.entryText,
              ...typedEntry(p, moduleContext),
              ...p.moduleFunctions,
              ...p.sharedFunctions.map((f) => f.text),
            ],
      ),
      target === "module" ? moduleContext : "",
    ].join("\n");
  const used = (target: Target) => {
    const all = texts(target);
    return (n: ImportNeed): boolean => new RegExp(`(^|[^\\w$.])${n.local.replace(/\$/g, "\\$")}(?![\\w$])`).test(all);
  };
  return {
    ...share,
    specImports: share.specImports.filter(used("spec")),
    moduleImports: share.moduleImports.filter(used("module")),
  };
}

/**
 * The shares with colliding names renamed, and declarations another file already contributed
 * with the same text dropped (so each is emitted once).
 */
export function joinShares(
  run: NamespaceRun,
  shares: readonly FileShare[],
  generatedModuleImports: readonly ImportNeed[],
): FileShare[] {
  const bound: Record<Target, Bindings> = {
    spec: existingBindings(run, run.paths.specs),
    module: existingBindings(run, run.paths.module),
  };
  for (const n of generatedModuleImports) bound.module.set(n.local, importKey(n));
  const isFree = (name: string): boolean => !bound.spec.has(name) && !bound.module.has(name);
  const out: FileShare[] = [];
  for (const original of shares) {
    const renames = new Map<string, string>();
    let share = original;
    // Renaming can change a declaration's text (it used a renamed import): re-check until stable.
    for (let round = 0; round < 4; round++) {
      let added = false;
      for (const b of bindingsOf(share)) {
        const theirs = bound[b.target].get(b.name);
        if (theirs === undefined || theirs === b.key || renames.has(b.name)) continue;
        let i = 2;
        while (!isFree(`${b.name}${i}`) || run.isTaken(`${b.name}${i}`)) i++;
        const to = run.allocate(`${b.name}${i}`, `${b.name}${i}`);
        renames.set(b.name, to);
        added = true;
      }
      share = renameShare(original, renames);
      if (!added) break;
    }
    const dedupe = (target: Target, texts: readonly string[]): string[] =>
      texts.filter((t) => {
        const names = namesDeclaredInText(t);
        return !(names.length > 0 && names.every((n) => bound[target].get(n) === declKey(t)));
      });
    share = {
      ...share,
      specStatements: dedupe("spec", share.specStatements),
      moduleStatements: dedupe("module", share.moduleStatements),
    };
    share = dropUnusedImports(share, out.length === 0 ? null : firstContext(out));
    for (const b of bindingsOf(share)) if (!bound[b.target].has(b.name)) bound[b.target].set(b.name, b.key);
    out.push(share);
  }
  return out;
}
