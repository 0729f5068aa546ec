/**
 * Proposed capability namespaces, as a repo's engineers would name the modules, with where each
 * came from: config (`namespaces.byWireName`, `namespaces.byFile`) → the NodeTool preset's module
 * table (nodetool-modules.ts; only in a repo the table fits) → a domain namespace from the wire name's words and the file's
 * stem (domain-words.ts), plural, matched against the namespaces already proposed in the repo.
 * A file whose classes name several known domains (and whose stem names none) is split per
 * class. Only capability-shaped classes get a proposal; config applies to every kind.
 */
import { posix } from "node:path";
import type { Kind } from "../types.js";
import { DOMAIN_SYNONYMS, domainWords, moduleOfWord, SINGULAR, VERBS } from "./domain-words.js";
import { moduleTableFits, presetModuleNames, tableEntry } from "./nodetool-modules.js";
import { addTo } from "../../lib/multimap.js";

/** File stems that carry no domain (a file of several domains, or of plumbing). */
const GENERIC_STEMS = new Set([
  "mcp",
  "tool",
  "tools",
  "builtin",
  "builtins",
  "misc",
  "common",
  "core",
  "base",
  "util",
  "utils",
  "helpers",
  "helper",
  "index",
  "all",
  "default",
  "extra",
  "extras",
  "legacy",
  "external",
  "internal",
  "registry",
  "custom",
  "basic",
  "standard",
  "std",
]);

export interface NamespaceRules {
  readonly fromFileName: boolean;
  readonly byFile: Readonly<Record<string, string>>;
  readonly byWireName: Readonly<Record<string, string>>;
}

export interface NamespaceSubject {
  readonly id: string;
  readonly file: string;
  readonly wireName: string | null;
  readonly kind: Kind;
}

export type NamespaceSource = "config" | "preset" | "wire-name" | "file-name";

export interface NamespaceProposal {
  readonly namespace: string | null;
  readonly source: NamespaceSource | null;
  readonly evidence: string | null;
}

const NONE: NamespaceProposal = { namespace: null, source: null, evidence: null };

/** `browser-tools.ts` → "browser", `view-image-tool.ts` → "view-image", `graph-planner.ts` → "graph-planner". */
export function fileStem(file: string): string {
  const name = posix.basename(file).replace(/\.[cm]?[jt]sx?$/, "");
  return name.replace(/[-_.]?tools?$/i, "") || name;
}

const isToolsFile = (file: string) => /[-_.]?tools?\.[cm]?[jt]sx?$/i.test(posix.basename(file));

/**
 * The module a file stem names: a known namespace among its words first, else a domain synonym
 * (`pdf` → documents), else a mass noun (`thread-memory` → memory), else (a tools file) its
 * first word's plural.
 */
function stemModule(file: string, known: ReadonlySet<string>): { module: string; word: string; note?: string } | null {
  const stem = fileStem(file);
  if (GENERIC_STEMS.has(stem.toLowerCase())) return null;
  const words = domainWords(stem, { stem: true }).filter((w) => !GENERIC_STEMS.has(w));
  for (const w of words) if (known.has(moduleOfWord(w))) return { module: moduleOfWord(w), word: w };
  for (const w of words) if (DOMAIN_SYNONYMS[w] || SINGULAR.has(w)) return { module: moduleOfWord(w), word: w };
  if (!isToolsFile(file)) return null;
  const first = words[0];
  return first ? { module: moduleOfWord(first), word: first } : null;
}

/**
 * The module a wire name's words name, preferring one already known; a verb that names a domain
 * (`search` → web) only when no noun does: `search_docs` is about documents, not the web.
 */
function wireModule(
  wireName: string,
  known: ReadonlySet<string>,
): { module: string; word: string; known: boolean } | null {
  const nouns = domainWords(wireName);
  const words = nouns.length ? nouns : domainWords(wireName, { stem: true });
  for (const w of words) if (known.has(moduleOfWord(w))) return { module: moduleOfWord(w), word: w, known: true };
  const first = words[0];
  return first ? { module: moduleOfWord(first), word: first, known: false } : null;
}

function presetFor(file: string, wireName: string | null): { namespace: string; why: string } | null {
  const entry = tableEntry(file);
  if (!entry) return null;
  const words = wireName ? domainWords(wireName) : [];
  const byWord = words.map((w) => entry.words?.[w]).find((m) => m !== undefined);
  if (byWord)
    return { namespace: byWord, why: `the wire name's word "${words.find((w) => entry.words?.[w] === byWord)}"` };
  if (entry.module) return { namespace: entry.module, why: `file ${posix.basename(file)}` };
  return null;
}

type StemModule = NonNullable<ReturnType<typeof stemModule>>;

/** Namespaces the config, the preset and the repo's one-domain tools files already name. */
function knownNamespaces(capability: readonly NamespaceSubject[], rules: NamespaceRules, table: boolean): Set<string> {
  const known = new Set<string>([
    ...Object.values(rules.byFile),
    ...Object.values(rules.byWireName),
    ...(table ? presetModuleNames() : []),
  ]);
  // Stems of one-domain tools files are namespaces already proposed in the repo (`asset-tools.ts` → assets).
  for (const s of capability) {
    const stem = fileStem(s.file);
    if (isToolsFile(s.file) && !GENERIC_STEMS.has(stem) && !stem.includes("-")) known.add(moduleOfWord(stem));
  }
  return known;
}

/** The config's byWireName and byFile namespaces come first, for every subject. */
function setConfigProposals(
  subjects: readonly NamespaceSubject[],
  rules: NamespaceRules,
  out: Map<string, NamespaceProposal>,
): void {
  for (const s of subjects) {
    if (s.wireName && rules.byWireName[s.wireName]) {
      out.set(s.id, {
        namespace: rules.byWireName[s.wireName] as string,
        source: "config",
        evidence: `namespace "${rules.byWireName[s.wireName]}" from config namespaces.byWireName`,
      });
    } else if (rules.byFile[s.file]) {
      out.set(s.id, {
        namespace: rules.byFile[s.file] as string,
        source: "config",
        evidence: `namespace "${rules.byFile[s.file]}" from config namespaces.byFile`,
      });
    }
  }
}

/** A stem named by a verb (`edit-search-tools.ts`) is weak: the classes' own domain wins when most agree. */
function verbStemOverride(
  stem: StemModule,
  wires: ReadonlyMap<string, ReturnType<typeof wireModule>>,
  classCount: number,
): StemModule {
  const votes = new Map<string, number>();
  for (const w of wires.values()) if (w) votes.set(w.module, (votes.get(w.module) ?? 0) + 1);
  const [top] = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (top && top[0] !== stem.module && top[1] * 2 > classCount)
    return {
      module: top[0],
      word: stem.word,
      note: `; its word "${stem.word}" is a verb, and most of its classes' wire names say ${top[0]}`,
    };
  return stem;
}

export function proposeNamespaces(
  subjects: readonly NamespaceSubject[],
  rules: NamespaceRules,
  preset: "nodetool" | "none",
): Map<string, NamespaceProposal> {
  const out = new Map<string, NamespaceProposal>();
  const capability = subjects.filter((s) => s.kind === "capability");
  const table = preset === "nodetool" && moduleTableFits(subjects.map((s) => s.file));
  const known = knownNamespaces(capability, rules, table);
  const byFile = new Map<string, NamespaceSubject[]>();
  for (const s of capability) addTo(byFile, s.file, s);

  setConfigProposals(subjects, rules, out);
  for (const [file, classes] of byFile) {
    let stem = rules.fromFileName ? stemModule(file, known) : null;
    const wires = new Map(classes.map((c) => [c.id, c.wireName ? wireModule(c.wireName, known) : null]));
    const knownDomains = new Set([...wires.values()].filter((w) => w?.known).map((w) => w?.module));
    if (stem && VERBS.has(stem.word)) stem = verbStemOverride(stem, wires, classes.length);
    const mixed = stem === null && knownDomains.size >= 2;
    for (const c of classes) {
      if (out.has(c.id)) continue;
      const p = table ? presetFor(file, c.wireName) : null;
      if (p) {
        out.set(c.id, {
          namespace: p.namespace,
          source: "preset",
          evidence: `namespace "${p.namespace}" from the NodeTool preset's module table (${p.why})`,
        });
        continue;
      }
      const w = wires.get(c.id) ?? null;
      if (mixed && w?.known) {
        out.set(c.id, {
          namespace: w.module,
          source: "wire-name",
          evidence: `namespace "${w.module}" from the wire name's word "${w.word}" (${c.wireName}); ${posix.basename(file)} mixes ${[...knownDomains].sort().join(", ")}, so it is split per class`,
        });
      } else if (stem) {
        out.set(c.id, {
          namespace: stem.module,
          source: "file-name",
          evidence: stem.note
            ? `namespace "${stem.module}" from file name ${posix.basename(file)}${stem.note}`
            : `namespace "${stem.module}" from file name ${posix.basename(file)} (word "${stem.word}")`,
        });
      } else if (w) {
        out.set(c.id, {
          namespace: w.module,
          source: "wire-name",
          evidence: `namespace "${w.module}" from the wire name's word "${w.word}" (${c.wireName})${w.known ? ", a namespace already proposed in the repo" : ""}`,
        });
      }
    }
  }
  for (const s of subjects) if (!out.has(s.id)) out.set(s.id, NONE);
  return out;
}
