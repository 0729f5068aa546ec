/**
 * Test helper run as a child process: `capkit <args…>` as bin/run.ts runs it, except that the
 * moment the command installs its SIGINT handler the child prints "listening" and blocks reading
 * stdin; the parent sends the real signal, then writes a line, so the signal is pending when the
 * command goes on: a deferred point with no timer.
 */
import { readSync } from "node:fs";
import { main, processIO } from "../capkit.js";

const on = process.on.bind(process);
process.on = ((event: string, listener: (...args: unknown[]) => void) => {
  on(event, listener);
  if (event === "SIGINT") {
    process.stdout.write("listening\n");
    readSync(0, Buffer.alloc(1));
  }
  return process;
}) as typeof process.on;

process.exitCode = await main(process.argv.slice(2), processIO());
