/**
 * Per-blob facts cache for the history backfill, keyed by git object id (plus the path, since
 * facts name their file). A blob's facts never change, so entries never expire; the file name
 * carries the extractor's facts version, and a new version simply starts a new file.
 * Stored as append-only NDJSON under `.capkit/cache/history/`: loading is one read, saving
 * appends only what this run added, and a torn last line (crash mid-append) is skipped.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export class FactsCache<F> {
  private readonly entries = new Map<string, F>();
  private readonly fresh: [string, F][] = [];
  private endsClean = true;
  readonly file: string;
  /** Entries loaded from disk at open. */
  readonly loaded: number;

  constructor(dir: string, version: string) {
    this.file = join(dir, `facts-v${version.replace(/[^\w.-]/g, "_")}.ndjson`);
    let loaded = 0;
    if (existsSync(this.file)) {
      const text = readFileSync(this.file, "utf8");
      this.endsClean = text === "" || text.endsWith("\n");
      for (const line of text.split("\n")) {
        if (!line) continue;
        try {
          const [key, facts] = JSON.parse(line) as [string, F];
          this.entries.set(key, facts);
          loaded++;
        } catch {
          // torn or foreign line: ignore, the blob is re-extracted
        }
      }
    }
    this.loaded = loaded;
  }

  static key(oid: string, path: string): string {
    return `${oid} ${path}`;
  }

  get(key: string): F | undefined {
    return this.entries.get(key);
  }

  set(key: string, facts: F): void {
    this.entries.set(key, facts);
    this.fresh.push([key, facts]);
  }

  /** Appends this run's new entries; returns how many were written. */
  flush(): number {
    if (!this.fresh.length) return 0;
    mkdirSync(join(this.file, ".."), { recursive: true });
    const text = this.fresh.map((entry) => JSON.stringify(entry)).join("\n");
    appendFileSync(this.file, `${this.endsClean ? "" : "\n"}${text}\n`);
    this.endsClean = true;
    const n = this.fresh.length;
    this.fresh.length = 0;
    return n;
  }
}
