/**
 * The plan every codemod returns. A transform is pure: it reads files through a VirtualTree
 * and records changes there; the runner (codemods/runner/) validates the accumulated plan,
 * shows it as a diff (--dry-run) or writes it once, atomically. Chaining codemods means
 * handing the same VirtualTree to the next one, so a call-site rewrite sees the files the
 * class-to-capability move just produced.
 */
import type { UnitCode } from "./unit-codes.js";

export type Outcome = "skipped" | "unchanged" | "changed" | "refused" | "error";

/** One line of a codemod's report: what happened to one unit (a class, a call site, a file). */
export interface UnitResult {
  readonly codemod: string;
  readonly outcome: Outcome;
  /** e.g. the class name, or "new ListWorkflowsTool()". */
  readonly unit: string;
  readonly file: string;
  readonly line: number;
  /** Why it was refused, skipped or failed: names what would unblock it. */
  readonly reason?: string;
  /** For refused, skipped and error units: the stable kebab-case code (codemods/unit-codes.md). */
  readonly code?: UnitCode;
  /** For refused and error units: the next step that would unblock it. */
  readonly fix?: string;
  /** For converted classes: run fields this migration created (constructor parameters with no configured field). */
  readonly runFields?: readonly CreatedRunField[];
  /** For converted classes: the wire name. */
  readonly wireName?: string;
  readonly namespace?: string;
  /** Converted, but a person should look: e.g. a category written as "external" by the fallback. */
  readonly warnings?: readonly string[];
}

/**
 * Adds `notes` to the warnings of the first changed unit in `results` (in place): what a run did
 * beside its units (a barrel deleted, a package entry's seam exception) is said once, where the
 * report shows it. Nothing is added when no unit changed.
 */
export function noteOnFirstChanged(results: UnitResult[], notes: readonly string[]): void {
  const at = results.findIndex((u) => u.outcome === "changed");
  const unit = results[at];
  if (notes.length && unit) results[at] = { ...unit, warnings: [...(unit.warnings ?? []), ...notes] };
}

/** A run field migrate created for a constructor parameter; the host must now put it on the run. */
export interface CreatedRunField {
  readonly field: string;
  /** The old parameter's type annotation, as written (null when it had none). */
  readonly type: string | null;
  /** The constructor required it (no `?`, no default): its impl fails naming the field when absent. */
  readonly required: boolean;
  /** Default the constructor applied, now applied in the impl (source text), if any. */
  readonly defaultValue?: string;
}

export type FileChange =
  | { readonly kind: "create"; readonly path: string; readonly after: string }
  | { readonly kind: "modify"; readonly path: string; readonly before: string; readonly after: string }
  | { readonly kind: "delete"; readonly path: string; readonly before: string };

/**
 * An in-memory overlay over the files on disk (paths are root-relative with `/`).
 * Reads see earlier writes; nothing touches the disk until the runner applies changes().
 */
export class VirtualTree {
  private readonly original = new Map<string, string | null>();
  private readonly current = new Map<string, string | null>();

  constructor(
    readonly root: string,
    private readonly readDisk: (path: string) => string | null,
    private readonly listDisk: () => readonly string[],
  ) {}

  private load(path: string): string | null {
    if (!this.original.has(path)) this.original.set(path, this.readDisk(path));
    return this.current.has(path) ? (this.current.get(path) ?? null) : (this.original.get(path) ?? null);
  }

  exists(path: string): boolean {
    return this.load(path) !== null;
  }

  read(path: string): string | null {
    return this.load(path);
  }

  /** The file as it was before any codemod in this run wrote it (null when it did not exist). */
  readOriginal(path: string): string | null {
    this.load(path);
    return this.original.get(path) ?? null;
  }

  readOrThrow(path: string): string {
    const text = this.load(path);
    if (text === null) throw new Error(`VirtualTree: ${path} does not exist`);
    return text;
  }

  write(path: string, text: string): void {
    this.load(path);
    this.current.set(path, text);
  }

  delete(path: string): void {
    this.load(path);
    this.current.set(path, null);
  }

  /** Every path that exists in the overlay: disk files minus deletions plus creations. */
  list(): string[] {
    const all = new Set(this.listDisk());
    for (const [path, text] of this.current) {
      if (text === null) all.delete(path);
      else all.add(path);
    }
    return [...all].sort();
  }

  /** The net plan, sorted by path; a file written back to its original text is no change. */
  changes(): FileChange[] {
    const out: FileChange[] = [];
    for (const path of [...this.current.keys()].sort()) {
      const before = this.original.get(path) ?? null;
      const after = this.current.get(path) ?? null;
      if (before === after) continue;
      if (before === null && after !== null) out.push({ kind: "create", path, after });
      else if (before !== null && after === null) out.push({ kind: "delete", path, before });
      else if (before !== null && after !== null) out.push({ kind: "modify", path, before, after });
    }
    return out;
  }
}
