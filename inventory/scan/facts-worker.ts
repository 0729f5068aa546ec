/**
 * FactsWorker: extracts FileFacts on a worker thread (facts-worker-entry.ts), so loading
 * TypeScript, the largest fixed cost of a cold scan, runs beside the main thread's reading and
 * name search instead of after it. `start()` is called when the first file naming what matters
 * is found (a tree that needs no parse never starts it); the thread loads TypeScript at once and
 * then waits for batches. Results come back per batch, in the order sent, so the scan sees the
 * same facts in the same order as when it parses on its own thread.
 *
 * A batch whose file throws, and a thread that dies (an uncaught error, running out of memory),
 * reject the pending batches with an error naming their files; nothing waits forever. The thread
 * keeps the process alive only while a batch is pending.
 */
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { codeFile, IS_BUILT } from "../../lib/package-layout.js";
import { EnvironmentError } from "../../lib/errors.js";
import type { FileFacts } from "../extract/facts.js";
import { firstOf } from "../../lib/wording.js";
import type { FactsCache } from "./facts-cache.js";
import type { ScanOptions } from "./scan-types.js";

/**
 * What the main thread sends: a batch of files to extract, a file the scan may ask for later
 * (extracted while the thread has nothing else to do), or the end of the scan.
 */
export type ToWorker =
  | { readonly type: "extract"; readonly id: number; readonly items: readonly ExtractItem[] }
  | { readonly type: "guess"; readonly item: ExtractItem }
  | { readonly type: "close" };

/**
 * What the thread answers: that TypeScript is loaded (and whether it has a code cache to write
 * before it ends), a batch's facts (in the batch's order), or the file that failed.
 */
export type FromWorker =
  | { readonly type: "loaded"; readonly cacheToWrite: boolean }
  | { readonly type: "facts"; readonly id: number; readonly facts: readonly FileFacts[] }
  | { readonly type: "failed"; readonly id: number; readonly file: string; readonly message: string };

export interface ExtractItem {
  readonly file: string;
  readonly text: string;
}

/** The thread's module and the Node options it runs with (tests run the TypeScript source through tsx). */
export interface FactsWorkerEntry {
  readonly url: URL;
  readonly execArgv?: readonly string[];
}

/** The built worker module beside this one (dist/); null when running from the TypeScript sources. */
export function builtWorkerEntry(): FactsWorkerEntry | null {
  // By the code root (the CLI may run from its bundle, dist/cli/): the thread loads the module.
  return IS_BUILT ? { url: pathToFileURL(codeFile("inventory/scan/facts-worker-entry")) } : null;
}

/**
 * The thread to use when the caller did not choose, or null to parse on the main thread: only
 * with CAPKIT_PARSE_WORKER=1 (and the built code). Since the pre-filter parses only what can
 * matter (51 files on the real corpus, 294 on the generated tree), the scan needs facts in
 * rounds that each wait for the last; the thread's start and its copies then cost more than
 * loading TypeScript beside the read saves, even on an idle two-core machine (measured cold,
 * whole process, interleaved: see the commit that made this the default).
 */
export function autoWorkerEntry(
  env: NodeJS.ProcessEnv = process.env,
  built: FactsWorkerEntry | null = builtWorkerEntry(),
): FactsWorkerEntry | null {
  return env["CAPKIT_PARSE_WORKER"] === "1" ? built : null;
}

interface Pending {
  readonly files: readonly string[];
  readonly resolve: (facts: FileFacts[]) => void;
  readonly reject: (error: Error) => void;
}

const HINT = "set CAPKIT_PARSE_WORKER=0 to parse on the main thread, and report the error with this output";

export class FactsWorker {
  private worker: Worker | undefined;
  /** Why the thread is gone, once it is (every later batch is refused with it). */
  private gone: string | undefined;
  private closing = false;
  private used = false;
  /** Until the thread says otherwise, it may have a code cache to write before it ends. */
  private cacheToWrite = true;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly entry: FactsWorkerEntry) {}

  /** Starts the thread (it loads TypeScript at once); later calls do nothing. */
  start(): void {
    if (this.worker !== undefined || this.gone !== undefined) return;
    const worker = new Worker(this.entry.url, this.entry.execArgv ? { execArgv: [...this.entry.execArgv] } : {});
    worker.unref();
    let lastError: string | undefined;
    worker.on("message", (message: FromWorker) => this.answer(message));
    worker.on("error", (error) => {
      lastError = error.stack ?? error.message;
    });
    this.exited = new Promise((resolve) =>
      worker.once("exit", (code) => {
        const why = lastError ?? `exit code ${code}`;
        this.gone = `the parse worker stopped (${why})`;
        if (!this.closing || this.pending.size > 0) this.failAll(this.gone);
        resolve();
      }),
    );
    this.worker = worker;
  }

  /**
   * Hands the running thread a file the scan may ask for (worker-guesses.ts): it extracts it while
   * idle, so a later batch naming the file with the same text is answered at once. A guess never
   * delays a batch by more than the one file in hand, and never keeps the process alive.
   */
  guess(item: ExtractItem): void {
    if (this.worker === undefined || this.gone !== undefined || this.closing) return;
    const message: ToWorker = { type: "guess", item };
    this.worker.postMessage(message);
  }

  /** The facts of `items`, in their order. */
  extract(items: readonly ExtractItem[]): Promise<FileFacts[]> {
    if (items.length === 0) return Promise.resolve([]);
    this.start();
    const files = items.map((i) => i.file);
    const worker = this.worker;
    if (this.gone !== undefined || worker === undefined) return Promise.reject(this.failure(files, this.gone ?? ""));
    this.used = true;
    const id = this.nextId++;
    const reply = new Promise<FileFacts[]>((resolve, reject) => this.pending.set(id, { files, resolve, reject }));
    worker.ref();
    const message: ToWorker = { type: "extract", id, items };
    worker.postMessage(message);
    return reply;
  }

  /**
   * Ends the thread. One that extracted something and had to compile TypeScript from source is
   * asked to stop and waited for (it writes TypeScript's code cache first); any other is
   * terminated (its guesses left unfinished: nothing will ask for them).
   */
  close(): Promise<void> {
    this.closed ??= this.end();
    return this.closed;
  }

  private closed: Promise<void> | undefined;

  private async end(): Promise<void> {
    const worker = this.worker;
    if (worker === undefined) return;
    this.closing = true;
    if (this.gone !== undefined) return;
    if (!this.used || (!this.cacheToWrite && this.pending.size === 0)) {
      void worker.terminate();
      return;
    }
    worker.ref();
    const message: ToWorker = { type: "close" };
    worker.postMessage(message);
    await this.exited;
  }

  private answer(message: FromWorker): void {
    if (message.type === "loaded") {
      this.cacheToWrite = message.cacheToWrite;
      return;
    }
    const p = this.pending.get(message.id);
    if (p === undefined) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (message.type === "facts") p.resolve([...message.facts]);
    else
      p.reject(
        new EnvironmentError(
          `inventory: extracting the facts of ${message.file} failed in the parse worker: ${message.message}`,
          {
            file: message.file,
            hint: HINT,
          },
        ),
      );
  }

  private failAll(why: string): void {
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      p.reject(this.failure(p.files, why));
    }
  }

  private failure(files: readonly string[], why: string): EnvironmentError {
    const shown = firstOf(files, 5);
    return new EnvironmentError(
      `inventory: ${why || "the parse worker is not running"} while extracting the facts of ${shown}`,
      {
        ...(files[0] !== undefined ? { file: files[0] } : {}),
        hint: HINT,
      },
    );
  }
}

/**
 * The parse worker, if any: the option when given, else one for a cold run (no facts cache to
 * answer) when CAPKIT_PARSE_WORKER=1 asks for it. A warm run parses a few changed files at most:
 * never worth a thread.
 */
export function factsWorkerFor(
  option: ScanOptions["parseWorker"],
  cache: FactsCache | undefined,
): FactsWorker | undefined {
  if (option === false) return undefined;
  const entry =
    typeof option === "object"
      ? option
      : option === true
        ? builtWorkerEntry()
        : (cache?.loaded ?? 0) > 0
          ? null
          : autoWorkerEntry();
  if (entry === null && option === true)
    throw new Error("scanInventory: parseWorker: true needs the built code (dist/); pass the worker's entry instead");
  return entry === null ? undefined : new FactsWorker(entry);
}
