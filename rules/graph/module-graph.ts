/**
 * The module graph of one root: every source file's facts (scan-imports.ts) and its edges
 * resolved to other files of the tree. Built once per lint run by graph-cache.ts, updated
 * file by file when a file changes; analysed by seam-cycles.ts.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { ImportRecord, ModuleFacts } from "./module-facts.js";
import type { Resolver } from "./resolve.js";
import { scanModule } from "./scan-imports.js";

export interface GraphEdge {
  /** Root-relative path of the imported file. */
  readonly to: string;
  readonly record: ImportRecord;
}

export interface ModuleNode {
  readonly file: string;
  readonly facts: ModuleFacts;
  readonly edges: readonly GraphEdge[];
  /** Fingerprint of the text the facts were read from. */
  readonly fingerprint: string;
  /** Which of the words the graph was built to look for occur in the text (the spec type names, for the lint). */
  readonly mentions: readonly string[];
}

/** A file or folder the lint could not read: its imports are missing from the graph. */
export interface UnreadablePath {
  readonly file: string;
  readonly message: string;
}

export interface ModuleGraph {
  readonly root: string;
  readonly nodes: Map<string, ModuleNode>;
  /** Files and folders that could not be read (EACCES, EIO…): the lint is incomplete. */
  readonly unreadable: UnreadablePath[];
}

export function toRel(root: string, abs: string): string {
  // The common case, a normalised path under the root, without path.relative's work.
  if (sep === "/" && abs.startsWith(root) && abs.charCodeAt(root.length) === 47 && !abs.includes("/.", root.length))
    return abs.slice(root.length + 1);
  const rel = relative(root, abs);
  return sep === "/" ? rel : rel.split(sep).join("/");
}

/**
 * A hash of the UTF-8 bytes plus their length (native, so the whole tree costs little): what
 * an ESLint buffer is compared by. A text (what ESLint holds) is encoded first, so it matches
 * the file it was read from.
 */
export function fingerprint(text: string | Uint8Array): string {
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  return `${bytes.length}:${createHash("sha1").update(bytes).digest("base64")}`;
}

/** A node from the file's text or its bytes as read from disk; `words`: see ModuleNode.mentions. */
export function buildNode(
  root: string,
  rel: string,
  text: string | Buffer,
  resolver: Resolver,
  words: readonly string[] = [],
): ModuleNode {
  const abs = join(root, rel);
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  const facts = scanModule(bytes, abs);
  const edges: GraphEdge[] = [];
  for (const record of facts.imports) {
    const target = resolver.resolve(abs, record.specifier);
    if (target) edges.push({ to: toRel(root, target), record });
  }
  const mentions = words.filter((w) => bytes.includes(w));
  return { file: rel, facts, edges, fingerprint: fingerprint(bytes), mentions };
}

export function buildGraph(
  root: string,
  files: readonly string[],
  resolver: Resolver,
  unreadable: UnreadablePath[] = [],
  words: readonly string[] = [],
): ModuleGraph {
  const nodes = new Map<string, ModuleNode>();
  for (const rel of files) {
    let text: Buffer;
    try {
      text = readFileSync(join(root, rel));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT")
        unreadable.push({ file: rel, message: `cannot read: ${code ?? (error as Error).message}` });
      continue; // ENOENT: deleted between listing and reading
    }
    nodes.set(rel, buildNode(root, rel, text, resolver, words));
  }
  return { root, nodes, unreadable };
}
