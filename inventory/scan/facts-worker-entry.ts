/**
 * The parse worker's thread (started by facts-worker.ts): loads TypeScript as soon as it starts,
 * while the main thread is still reading and searching the tree, then extracts the facts of the
 * files it is handed, batch by batch, in the order given. A file whose extraction throws is
 * reported by name; the thread goes on with the next batch.
 *
 * Between batches it extracts the files the scan guessed it may ask for, one per turn of the
 * event loop, so a batch that arrives meanwhile waits for one file at most. A batch naming a
 * guessed file with the same text gets the facts already made (extraction depends only on the
 * text); a guess that throws is dropped, and the batch extracts the file again and reports it.
 */
import { parentPort } from "node:worker_threads";
import { hasPendingCodeCaches, writePendingCodeCaches } from "../../lib/code-cache.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import { getTypeScript } from "../extract/parse.js";
import type { FileFacts } from "../extract/facts.js";
import type { ExtractItem, ToWorker, FromWorker } from "./facts-worker.js";

const port = parentPort;
if (port === null) throw new Error("facts-worker-entry.ts runs only as a worker thread (see facts-worker.ts)");

getTypeScript();
const loaded: FromWorker = { type: "loaded", cacheToWrite: hasPendingCodeCaches() };
port.postMessage(loaded);

const guesses: ExtractItem[] = [];
const guessed = new Map<string, { readonly text: string; readonly facts: FileFacts }>();
let turn: NodeJS.Immediate | undefined;

function guessNext(): void {
  turn = undefined;
  const item = guesses.shift();
  if (item === undefined) return;
  if (!guessed.has(item.file)) {
    try {
      guessed.set(item.file, { text: item.text, facts: extractFileFacts(item.file, item.text) });
    } catch {
      // The batch that asks for this file extracts it again and reports the error.
    }
  }
  if (guesses.length > 0) turn = setImmediate(guessNext);
}

function factsOf(file: string, text: string): FileFacts {
  const g = guessed.get(file);
  if (g !== undefined) {
    guessed.delete(file);
    if (g.text === text) return g.facts;
  }
  return extractFileFacts(file, text);
}

port.on("message", (message: ToWorker) => {
  if (message.type === "close") {
    if (turn !== undefined) clearImmediate(turn);
    guesses.length = 0;
    // A cache compiled from source here is written now: the thread may be gone before any exit event.
    writePendingCodeCaches();
    port.close();
    return;
  }
  if (message.type === "guess") {
    guesses.push(message.item);
    turn ??= setImmediate(guessNext);
    return;
  }
  const facts: FileFacts[] = [];
  for (const { file, text } of message.items) {
    try {
      facts.push(factsOf(file, text));
    } catch (error) {
      const reply: FromWorker = {
        type: "failed",
        id: message.id,
        file,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
      port.postMessage(reply);
      return;
    }
  }
  const reply: FromWorker = { type: "facts", id: message.id, facts };
  port.postMessage(reply);
});
