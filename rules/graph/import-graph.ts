/**
 * The module graph of one root: every source file's facts (scan-imports.ts) and its edges
 * resolved to other files of the tree. Built once per lint run by graph-cache.ts, updated
 * file by file when a file changes; analysed by seam-cycles.ts.
 */
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { ImportRecord, ModuleFacts } from "./import-facts.js";
import type { Resolver } from "./resolve-import.js";
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

/**
 * Reads files into one buffer reused from file to file (a node keeps nothing of the bytes), so
 * a tree's worth of text is not allocated and collected again. A read is valid until the next.
 */
class FileReader {
  private buffer = Buffer.allocUnsafe(1 << 20);

  read(path: string): Buffer {
    const fd = openSync(path, "r");
    try {
      let size = fstatSync(fd).size;
      if (size + 1 > this.buffer.length) this.buffer = Buffer.allocUnsafe(Math.max(size + 1, this.buffer.length * 2));
      let at = 0;
      // Read to the end even if the file grew since fstat (the last read returns 0).
      for (let got = -1; got !== 0; at += got) {
        if (at === this.buffer.length) {
          const bigger = Buffer.allocUnsafe(this.buffer.length * 2);
          this.buffer.copy(bigger, 0, 0, at);
          this.buffer = bigger;
        }
        got = readSync(fd, this.buffer, at, this.buffer.length - at, null);
      }
      size = at;
      return this.buffer.subarray(0, size);
    } finally {
      closeSync(fd);
    }
  }
}

export function buildGraph(
  root: string,
  files: readonly string[],
  resolver: Resolver,
  unreadable: UnreadablePath[] = [],
  words: readonly string[] = [],
): ModuleGraph {
  const nodes = new Map<string, ModuleNode>();
  const reader = new FileReader();
  for (const rel of files) {
    let text: Buffer;
    try {
      text = reader.read(join(root, rel));
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
