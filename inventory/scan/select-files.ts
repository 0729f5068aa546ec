/**
 * Which files the scan parses. A file is parsed only when its text can matter to the result:
 *
 * - phase 1, a fixpoint over cheap token facts: starting from the base names, only a file holding
 *   one of the names found so far (a byte search: name-search.ts) is gated, and it is looked at
 *   (text hints) only when its token facts name one as an identifier; the classes,
 *   aliases and mixin bindings its hints show over those names join them, and the next round looks
 *   for the new names. Parsed: the files whose hints show a subclass, a re-export by name or a
 *   mixin binding over a name, the files declaring the base, and the base module.
 * - imports followed (follow-imports.ts): the barrels the parsed files' imports lead through.
 * - phase 2: files constructing or listing a subclass found (`new X`, from the byte gate; not
 *   the base's own name), naming a belt builder or class factory, or holding the categories map;
 *   then the files constructing from a class table found (`selectTableUsers`).
 *
 * Default imports: `import Base from "./x"; class A extends Base` names nothing. They count only
 * when a file that names a candidate can export one as its default (`export default`, `as
 * default`); then every file is gated and looked at, as the hints' default-import rule needs.
 * With a stat cache, the hints computed are recorded, so an unchanged file is neither read nor
 * searched next time.
 */
import type { CapkitConfig } from "../../lib/config/index.js";
import type { FileFacts } from "../extract/facts.js";
import { BUILTIN_CONSTRUCTORS } from "../extract/builtins.js";
import type { FileGate, Gate } from "./byte-gate.js";
import { isIdent, latin1 } from "./byte-classes.js";
import {
  bufferWantedInPhase2,
  candidateNames,
  defaultExportsAny,
  defaultImportLocals,
  mentionNames,
  textHints,
  wantedInPhase1,
  type TextHints,
} from "./prefilter.js";
import type { Sources } from "./sources.js";
import type { StatCache } from "./stat-cache.js";

/** What phase 1 found. */
export interface Phase1 {
  /** The base names, the subclasses' names and the names they are renamed to. */
  readonly names: ReadonlySet<string>;
  /**
   * The subclasses' names and their renames, without the base's: only a subclass's construction
   * or table entry is evidence, and a file naming just the base's name (often another library's
   * own `Tool`) or a rename of it has nothing for classification.
   */
  readonly classNames: ReadonlySet<string>;
  /** The functions subclasses are declared in (class factories: their callers construct them). */
  readonly factories: ReadonlySet<string>;
  /** Whether a default import may stand for a candidate (see above). */
  readonly defaultImports: boolean;
}

class HintsOf {
  readonly known = new Map<string, TextHints>();
  constructor(
    private readonly sources: Sources,
    private readonly statCache: StatCache | undefined,
  ) {}

  get(file: string, gate: FileGate): TextHints {
    let h = this.known.get(file) ?? this.sources.cachedHints.get(file);
    if (!h) {
      h = textHints(this.sources.text(file), { mixinVars: gate.baseArgument });
      this.statCache?.recordHints(file, h);
    }
    this.known.set(file, h);
    return h;
  }
}

/**
 * Phase 1, in rounds: `next(names)` looks at the files whose token facts name one of `names`
 * (all of them once default imports count) and returns those of them not parsed yet that may
 * declare a subclass, re-export one or bind a mixin over one. The caller parses them, asks the
 * module graph which classes are subclasses, and calls again with their names until no new
 * file comes back: names that only look like a subclass's (a class `Tool` of another library,
 * whatever extends it) never spread.
 */
export class Phase1Selector {
  private readonly hints: HintsOf;
  private readonly examined = new Set<string>();
  private readonly returned = new Set<string>();
  private defaults = false;
  /** The names of the last round, renames included. */
  names: ReadonlySet<string> = new Set();

  constructor(
    private readonly files: readonly string[],
    private readonly sources: Sources,
    private readonly config: CapkitConfig,
    statCache: StatCache | undefined,
  ) {
    this.hints = new HintsOf(sources, statCache);
  }

  /**
   * With the configured base module in the tree only its classes are the base (resolve-subclasses):
   * another file's `class Tool` (effect has one) needs no parse for its name alone.
   */
  private get moduleInTree(): boolean {
    const m = this.config.base.module;
    return m !== null && this.sources.has(m);
  }

  /** Whether a default import may stand for a candidate: some default export denotes one. */
  get defaultImports(): boolean {
    return this.defaults;
  }

  private examine(f: string, g: FileGate): void {
    this.examined.add(f);
    this.hints.get(f, g);
  }

  /** The names `names` are renamed to in the files looked at (import/export aliases, mixin bindings), and `names`. */
  renamesOf(names: Iterable<string>): Set<string> {
    const all = [...this.examined].map((f) => this.hints.known.get(f) as TextHints);
    return candidateNames([...names], all, { defaultImports: this.defaults, classes: false });
  }

  next(subclassNames: Iterable<string>): string[] {
    let names = new Set([...this.config.base.names, ...subclassNames, ...this.names]);
    for (let grew = true; grew;) {
      grew = false;
      // Only a file holding one of the names can name one; with default imports in play any
      // heritage may name a candidate, so every file is gated and looked at.
      this.sources.search(names);
      if (this.defaults) this.sources.gateAll();
      for (const [f, g] of this.sources.gates) {
        if (this.examined.has(f)) continue;
        // Looked at whatever their names: the base's own file, and files whose facts are not tied
        // to a name (a base name passed as an argument is among the token facts: see byte-gate.ts).
        const always = f === this.config.base.module || g.declaresBase || g.extendsLocalVariable;
        if (!always && (g.idents.length === 0 || (!this.defaults && !g.idents.some((i) => names.has(i))))) continue;
        this.examine(f, g);
        grew = true;
      }
      const all = [...this.examined].map((f) => this.hints.known.get(f) as TextHints);
      const renamed = candidateNames([...names], all, { defaultImports: this.defaults, classes: false });
      // Only a file naming a candidate can default-export one, and those files all have hints now.
      if (!this.defaults && defaultExportsAny(all, renamed)) {
        this.defaults = true;
        grew = true;
      }
      if (renamed.size > names.size) grew = true;
      names = renamed;
    }
    this.names = names;
    const out = this.files.filter((f) => {
      if (this.returned.has(f) || !this.sources.has(f)) return false;
      const h = this.hints.known.get(f);
      if (f === this.config.base.module || (this.sources.gates.get(f)?.declaresBase === true && !this.moduleInTree))
        return true;
      return h !== undefined && wantedInPhase1(h, names, { defaultImports: this.defaults });
    });
    for (const f of out) this.returned.add(f);
    return out;
  }
}

/**
 * Phase 2: files constructing a class found in phase 1, or naming a belt builder or class factory.
 * The byte gate answers for the belt builders and non-built-in `new` targets; the rest (factory
 * names, a class named like a built-in) is looked up in the bytes, which for most files means
 * reading them again (Sources keeps only the files the gate flagged).
 */
export function selectPhase2(
  files: readonly string[],
  sources: Sources,
  config: CapkitConfig,
  p1: Phase1,
  facts: ReadonlyMap<string, FileFacts>,
  gate: Gate,
): string[] {
  const classNames = p1.classNames;
  const factories = p1.factories;
  // A file holding only the categories map classification reads is wanted too.
  const mapName = config.categories.map;
  // Gate calls need no search of their own: the constructing file is parsed anyway and records them.
  const fnNames = new Set<string>([...config.classify.beltBuilders, ...factories]);
  const mention = mentionNames(fnNames);
  const gated = new Set(mentionNames(config.classify.beltBuilders).filter((n) => !gate.uncheckedBelt.includes(n)));
  const extraMentions = mention.filter((n) => !gated.has(n)).map((n) => Buffer.from(n, "latin1"));
  const builtinClass = [...classNames].some((n) => BUILTIN_CONSTRUCTORS.has(n));
  // A class exported as a module's default can be constructed under any name its importer picks.
  const defaultClass =
    p1.defaultImports &&
    [...facts.values()].some((f) =>
      f.localExports.some((e) => e.exported === "default" && f.classes.some((c) => (c.name ?? c.key) === e.local)),
    );
  // Every criterion below needs one of these names in the file, but the default-import one.
  sources.search([...classNames, ...mention, mapName]);
  if (defaultClass) sources.gateAll();
  const holdsMap = (buf: Buffer) => buf.indexOf(mapName, 0, "latin1") !== -1;
  const open = files.filter((file) => sources.gates.has(file) && !facts.has(file));
  if (builtinClass)
    return sources.select(open, (buf) => bufferWantedInPhase2(buf, classNames, mention) || holdsMap(buf));
  const byGate = new Set(
    open.filter((file) => {
      const g = sources.gates.get(file);
      if (g === undefined) return false;
      if (g.mentionsBelt || g.newTargets.some((t) => classNames.has(t))) return true;
      // Importing a class found while constructing something: a class table or registry fed to
      // `new Cls()` (classification's belt-assembly evidence).
      if (g.newTargets.length > 0 && g.imported.some((n) => classNames.has(n))) return true;
      return (
        defaultClass &&
        g.newTargets.length > 0 &&
        defaultImportLocals(sources.text(file)).some((local) => g.newTargets.includes(local))
      );
    }),
  );
  // A file naming a class found without `new` of it lists it somewhere: a class table or a
  // registry fed to `new Cls()` (classification's belt-assembly evidence), so it is read too.
  // The name search has said which files hold such a name at all; only those are looked into.
  const wanted = [...classNames, ...mention, mapName];
  const suffix = commonSuffix([...classNames]);
  const byBytes = new Set(
    sources.select(
      open.filter((file) => !byGate.has(file) && sources.holdsAny(file, wanted)),
      (buf) =>
        extraMentions.some((name) => buf.indexOf(name) !== -1) || holdsMap(buf) || namesAny(buf, classNames, suffix),
    ),
  );
  return open.filter((file) => byGate.has(file) || byBytes.has(file));
}

/** Files not parsed yet that construct something and name one of the class tables (`TOOLS.map((Cls) => new Cls())`). */
export function selectTableUsers(
  files: readonly string[],
  sources: Sources,
  tables: ReadonlySet<string>,
  facts: ReadonlyMap<string, FileFacts>,
): string[] {
  sources.search(tables);
  return files.filter((file) => {
    if (facts.has(file)) return false;
    const g = sources.gates.get(file);
    return g !== undefined && g.newTargets.length > 0 && sources.holdsAny(file, tables);
  });
}

/** The longest suffix every name shares (`Tool` for `ReadFileTool`, `GrepTool`), as bytes, or null under three letters. */
function commonSuffix(names: readonly string[]): Buffer | null {
  const [first, ...rest] = names;
  if (first === undefined) return null;
  let n = first.length;
  for (const name of rest) {
    let k = 0;
    while (k < n && k < name.length && name[name.length - 1 - k] === first[first.length - 1 - k]) k++;
    n = k;
  }
  return n >= 3 ? Buffer.from(first.slice(first.length - n), "latin1") : null;
}

/** Whether an identifier of `buf` is one of `names` (a byte search for their common suffix rules most files out first). */
function namesAny(buf: Buffer, names: ReadonlySet<string>, suffix: Buffer | null): boolean {
  if (names.size === 0 || (suffix !== null && buf.indexOf(suffix) === -1)) return false;
  for (let i = 0; i < buf.length; i++) {
    if (!isIdent(buf[i])) continue;
    const start = i;
    while (i < buf.length && isIdent(buf[i])) i++;
    if (names.has(latin1(buf, start, i))) return true;
  }
  return false;
}
