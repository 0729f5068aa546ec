/**
 * The parse worker's thread (started by facts-worker.ts): loads TypeScript as soon as it starts,
 * while the main thread is still reading and searching the tree, then extracts the facts of the
 * files it is handed, batch by batch, in the order given. A file whose extraction throws is
 * reported by name; the thread goes on with the next batch.
 */
import { parentPort } from "node:worker_threads";
import { writePendingCodeCaches } from "../../lib/code-cache.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import { getTypeScript } from "../extract/parse.js";
import type { FileFacts } from "../extract/facts.js";
import type { ToWorker, FromWorker } from "./facts-worker.js";

const port = parentPort;
if (port === null) throw new Error("facts-worker-entry.ts runs only as a worker thread (see facts-worker.ts)");

getTypeScript();

port.on("message", (message: ToWorker) => {
  if (message.type === "close") {
    // A cache compiled from source here is written now: the thread may be gone before any exit event.
    writePendingCodeCaches();
    port.close();
    return;
  }
  const facts: FileFacts[] = [];
  for (const { file, text } of message.items) {
    try {
      facts.push(extractFileFacts(file, text));
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
