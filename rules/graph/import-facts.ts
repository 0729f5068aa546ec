/**
 * What the seam rules need to know about one module: its import edges (with kind, whether
 * they are type-only, and the line) and whether it has top-level await. Produced by the token
 * scanner (scan-imports.ts) or, when the scanner is unsure, by the TypeScript AST
 * (facts-from-ast.ts); both must agree, and a test holds them to it.
 */

/**
 * static: `import … from`; side-effect: `import "x"`; reexport: `export … from`;
 * import-equals: `import x = require("x")`; require: `require("x")`; dynamic: `import("x")`.
 */
export type ImportKind = "static" | "side-effect" | "reexport" | "import-equals" | "require" | "dynamic";

export interface ImportRecord {
  readonly specifier: string;
  readonly kind: ImportKind;
  /** Erased at build time: `import type`, `export type`, or every specifier marked `type`. */
  readonly typeOnly: boolean;
  /** 1-based line of the statement or call. */
  readonly line: number;
}

export interface ModuleFacts {
  readonly imports: readonly ImportRecord[];
  /** 1-based line of the first top-level await (including `for await` and `await using`), or null. */
  readonly topLevelAwait: number | null;
  /** The first syntax error the parser found (only the AST path parses; see scan-imports.ts). */
  readonly syntaxError?: { readonly line: number; readonly message: string };
}

/** Edges that run at module initialisation: static value imports, re-exports and require. */
export function isInitEdge(record: ImportRecord): boolean {
  return !record.typeOnly && record.kind !== "dynamic";
}

export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

export function lineAt(starts: readonly number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
