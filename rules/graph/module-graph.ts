/**
 * The module graph of one root: every source file's facts (scan-imports.ts) and its edges
 * resolved to other files of the tree. Built once per lint run by graph-cache.ts, updated
 * file by file when a file changes; analysed by seam-cycles.ts.
 */
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
  const rel = relative(root, abs);
  return sep === "/" ? rel : rel.split(sep).join("/");
}

/** FNV-1a over the text plus its length: cheap enough to compare on every lint. */
export function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${text.length}:${(h >>> 0).toString(36)}`;
}

export function buildNode(root: string, rel: string, text: string, resolver: Resolver): ModuleNode {
  const abs = join(root, rel);
  const facts = scanModule(text, abs);
  const edges: GraphEdge[] = [];
  for (const record of facts.imports) {
    const target = resolver.resolve(abs, record.specifier);
    if (target) edges.push({ to: toRel(root, target), record });
  }
  return { file: rel, facts, edges, fingerprint: fingerprint(text) };
}

export function buildGraph(
  root: string,
  files: readonly string[],
  resolver: Resolver,
  unreadable: UnreadablePath[] = [],
): ModuleGraph {
  const nodes = new Map<string, ModuleNode>();
  for (const rel of files) {
    let text: string;
    try {
      text = readFileSync(join(root, rel), "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT")
        unreadable.push({ file: rel, message: `cannot read: ${code ?? (error as Error).message}` });
      continue; // ENOENT: deleted between listing and reading
    }
    nodes.set(rel, buildNode(root, rel, text, resolver));
  }
  return { root, nodes, unreadable };
}
