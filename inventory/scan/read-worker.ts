/**
 * readInTwo: the first read of a big tree by two threads. The main thread and a worker
 * (read-worker-entry.ts) take chunks of the file list from one shared counter, each reading,
 * searching and gating its chunks (first-read.ts); the worker's records come back by message, and
 * Sources takes all of them on in file order. The counter balances the two whatever the worker's
 * start costs or the machine's load. A worker that fails or stops leaves its chunks to the main
 * thread, which reads them itself: the result never depends on the thread.
 *
 * While the worker reads, the main thread can load what the scan will need next: `onLikelyParse`
 * is called once, between chunks, when either thread has gated a file phase 1 will most likely
 * parse (worker-guesses.ts), so the scan loads TypeScript then, beside the worker's read.
 */
import { availableParallelism } from "node:os";
import { sep } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { codeFile, IS_BUILT } from "../../lib/package-layout.js";
import { FirstReader, type FirstReadSpec, type FirstRecord, type FirstRecords } from "./first-read.js";
import type { Gate } from "./byte-gate.js";
import { Guesser } from "./worker-guesses.js";
import type { CapkitConfig } from "../../lib/config/index.js";
import { firstNeedles } from "./scan-types.js";

/** Files a thread takes at a time: small enough to balance, big enough that messages stay few. */
export const CHUNK = 64;
/** The shared counters (Int32Array indexes): the next file to take; 1 once a likely parse was gated. */
export const NEXT = 0;
export const LIKELY = 1;

/** Trees smaller than this are read by the main thread alone: the thread's start would cost more than half their read. */
const MIN_FILES = 2000;

/** The job the worker is sent once the tree is listed. */
export interface ReadWorkerData {
  readonly spec: FirstReadSpec;
  readonly baseNames: readonly string[];
  readonly beltNames: readonly string[];
  readonly shared: SharedArrayBuffer;
}

/** A chunk's records, or why the worker could not read it. */
export type FromReadWorker =
  | { readonly type: "chunk"; readonly from: number; readonly records: readonly FirstRecord[] }
  | { readonly type: "failed"; readonly from: number; readonly message: string };

/** The thread's module and the Node options it runs with (tests run the TypeScript source through tsx). */
export interface ReadWorkerEntry {
  readonly url: URL;
  readonly execArgv?: readonly string[];
}

/**
 * The worker to read with, or null for the main thread alone: the built module beside this one
 * (dist/), on a machine with two cores or more, unless CAPKIT_READ_WORKER=0. `entry` given
 * (tests): that one. Asked before the tree is listed, so the thread starts while it is;
 * `ReadWorker.wanted` then says whether the tree is big enough for it.
 */
export function readWorkerFor(
  entry?: ReadWorkerEntry | false,
  env: NodeJS.ProcessEnv = process.env,
): ReadWorkerEntry | null {
  if (entry === false || env["CAPKIT_READ_WORKER"] === "0") return null;
  if (entry !== undefined) return entry;
  if (availableParallelism() < 2) return null;
  // By the code root (the CLI may run from its bundle, dist/cli/): the thread loads the module.
  return IS_BUILT ? { url: pathToFileURL(codeFile("inventory/scan/read-worker-entry")) } : null;
}

/**
 * A started read worker: it loads its modules while the tree is listed, then waits for a job
 * (`readInTwo`). `stop()` ends it, whether or not it read; it never keeps the process alive.
 */
export class ReadWorker {
  readonly worker: Worker;
  /** Set once the thread is gone (an error, an exit): nothing more will come from it. */
  gone = false;
  private readonly onGone = new Set<() => void>();

  constructor(
    entry: ReadWorkerEntry,
    /** Whatever the tree's size (an entry given by the caller, as tests do). */
    private readonly always = false,
  ) {
    this.worker = new Worker(entry.url, entry.execArgv ? { execArgv: [...entry.execArgv] } : {});
    this.worker.unref();
    const gone = () => {
      this.gone = true;
      for (const f of this.onGone) f();
    };
    this.worker.on("error", gone);
    this.worker.on("exit", gone);
  }

  /** Is a tree of `files` files worth the thread? (Smaller ones: its start would cost more than half their read.) */
  wanted(files: number): boolean {
    return this.always || files >= MIN_FILES;
  }

  /** Calls `f` when the thread is gone (at once if it is). */
  whenGone(f: () => void): void {
    if (this.gone) f();
    else this.onGone.add(f);
  }

  private begun: Begun | undefined;

  /**
   * Sends the thread its job, so it reads while this thread gets on with other things (the scan
   * loads the rest of its code); `readInTwo` then joins in. Later calls return the first job's.
   */
  begin(job: WorkerJob): Begun {
    if (this.begun) return this.begun;
    const shared = new Int32Array(new SharedArrayBuffer(8));
    const data: ReadWorkerData = {
      spec: job.spec,
      baseNames: job.baseNames,
      beltNames: job.beltNames,
      shared: shared.buffer,
    };
    this.begun = { job, shared, theirs: new TheirChunks(this) };
    if (!this.gone) this.worker.postMessage(data);
    return this.begun;
  }

  /** Ends the thread; a later `readInTwo` reads on the main thread alone. */
  stop(): void {
    this.gone = true;
    void this.worker.terminate();
  }
}

/** What the worker reads for: the files and names, and the gate's names (it makes its own gate). */
export interface WorkerJob {
  readonly spec: FirstReadSpec;
  readonly baseNames: readonly string[];
  readonly beltNames: readonly string[];
}

/**
 * The first read the scan asks for (full-scan.ts: the same needles and always-gated files as
 * Sources' own first read): the names that matter from the start, and the base's module.
 */
export function workerJob(root: string, files: readonly string[], config: CapkitConfig): WorkerJob {
  const always = config.base.module === null ? [] : [config.base.module];
  return {
    spec: { prefix: root.endsWith(sep) ? root : root + sep, files, needles: firstNeedles(config), always },
    baseNames: config.base.names,
    beltNames: config.classify.beltBuilders,
  };
}

/** A job sent: the shared counters, and the worker's chunks as they come. */
interface Begun {
  readonly job: WorkerJob;
  readonly shared: Int32Array;
  readonly theirs: TheirChunks;
}

export interface ReadInTwo extends WorkerJob {
  /** The same gate as the worker's (`makeGate` of the same names). */
  readonly gate: Gate;
  readonly onLikelyParse?: () => void;
  /** False: this thread takes no chunk, the worker reads them all (unless it fails); for tests. */
  readonly mainReads?: boolean;
}

/** The worker's chunks as they arrive, until it stops (a failed chunk, an error, an exit). */
class TheirChunks {
  readonly got = new Map<number, readonly FirstRecord[]>();
  private stopped = false;
  private wanted: readonly number[] = [];
  private settle: (() => void) | undefined;

  constructor(reader: ReadWorker) {
    reader.worker.on("message", (m: FromReadWorker) => {
      if (m.type === "chunk") this.got.set(m.from, m.records);
      else this.stopped = true; // the main thread reads the chunk again
      this.check();
    });
    reader.whenGone(() => {
      this.stopped = true;
      this.check();
    });
  }

  /** Resolves once every chunk of `froms` has come, or the worker has stopped. */
  all(froms: readonly number[]): Promise<void> {
    this.wanted = froms;
    return new Promise((resolve) => {
      this.settle = resolve;
      this.check();
    });
  }

  private check(): void {
    if (this.settle && (this.stopped || this.wanted.every((from) => this.got.has(from)))) this.settle();
  }
}

/** The first read of `spec.files` by this thread and a worker: every record, in file order. */
export async function readInTwo(worker: ReadWorker, job: ReadInTwo): Promise<FirstRecords> {
  // The job the thread was sent (begin keeps the first one): both threads read the same list.
  const { job: sent, shared, theirs } = worker.begin(job);
  const spec = sent.spec;
  const n = spec.files.length;

  const guesser = new Guesser(job.baseNames);
  let likely = false;
  const reader = new FirstReader(spec, job.gate, (file, bytes, gate) => {
    if (!likely && guesser.of(file, bytes, gate) !== null) likely = true;
  });
  const mine = new Map<number, readonly FirstRecord[]>();
  let told = job.onLikelyParse === undefined;
  const tell = () => {
    if (told || !(likely || Atomics.load(shared, LIKELY) === 1)) return;
    told = true;
    job.onLikelyParse?.();
  };
  for (; job.mainReads !== false;) {
    const from = Atomics.add(shared, NEXT, CHUNK);
    if (from >= n) break;
    mine.set(from, reader.read(from, Math.min(n, from + CHUNK)));
    tell();
  }
  // The worker may have taken every chunk left while this thread was busy elsewhere: its last
  // ones are still being read, time for what `onLikelyParse` loads.
  tell();
  // Every chunk this thread did not take, the worker took: wait for those (or for its end).
  const left: number[] = [];
  for (let from = 0; from < n; from += CHUNK) if (!mine.has(from)) left.push(from);
  await theirs.all(left);
  worker.stop();
  for (const from of left) if (!theirs.got.has(from)) mine.set(from, reader.read(from, Math.min(n, from + CHUNK)));
  const records: FirstRecord[] = [];
  for (let from = 0; from < n; from += CHUNK) records.push(...(mine.get(from) ?? theirs.got.get(from) ?? []));
  return { records, readMs: reader.readMs, gateMs: reader.gateMs };
}
