/**
 * The read worker's thread (started by read-worker.ts while the tree is listed): once sent the
 * job, takes chunks of the file list from the
 * shared counter until none is left, reads, searches and gates each (first-read.ts) and sends
 * its records back, the gated files' bytes moved rather than copied. It loads no parser.
 */
import { parentPort, type MessagePort } from "node:worker_threads";
import { makeGate } from "./byte-gate.js";
import { FirstReader, type FirstRecord } from "./first-read.js";
import { CHUNK, LIKELY, NEXT, type FromReadWorker, type ReadWorkerData } from "./read-worker.js";
import { Guesser } from "./worker-guesses.js";

const port = parentPort;
if (port === null) throw new Error("read-worker-entry.ts runs only as a worker thread (see read-worker.ts)");

/** Reads chunks until none is left. */
function run(data: ReadWorkerData, to: MessagePort): void {
  const shared = new Int32Array(data.shared);
  const n = data.spec.files.length;
  const guesser = new Guesser(data.baseNames);
  const reader = new FirstReader(data.spec, makeGate(data.baseNames, data.beltNames), (file, bytes, gate) => {
    if (Atomics.load(shared, LIKELY) === 0 && guesser.of(file, bytes, gate) !== null) Atomics.store(shared, LIKELY, 1);
  });
  for (;;) {
    const from = Atomics.add(shared, NEXT, CHUNK);
    if (from >= n) break;
    let records: FirstRecord[];
    try {
      // A copy with its own memory, so the message moves it.
      records = reader.read(from, Math.min(n, from + CHUNK), (b) => new Uint8Array(b));
    } catch (error) {
      const failed: FromReadWorker = { type: "failed", from, message: (error as Error).message };
      to.postMessage(failed);
      break;
    }
    const message: FromReadWorker = { type: "chunk", from, records };
    to.postMessage(
      message,
      records.flatMap((r) => (r.bytes ? [r.bytes.buffer as ArrayBuffer] : [])),
    );
  }
}

port.once("message", (data: ReadWorkerData) => run(data, port));
