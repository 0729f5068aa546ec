/**
 * One long-lived `git cat-file --batch` process: object ids go in on stdin, contents come back
 * in request order (blobs for file text, trees and commits for listing a commit's files). Requests are pipelined, so reading a commit's changed files costs one
 * round trip, not one process per file. Close it when done.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { EnvironmentError } from "../../lib/errors.js";

export interface GitObject {
  readonly type: string;
  readonly data: Buffer;
}

interface Pending {
  readonly oid: string;
  resolve(object: GitObject): void;
  reject(error: Error): void;
}

export class BlobReader {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private failure: Error | undefined;
  private stderr = "";

  constructor(root: string) {
    this.child = spawn("git", ["cat-file", "--batch"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.on("data", (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => void (this.stderr += chunk.toString("utf8")));
    this.child.on("error", (error) =>
      this.fail(new EnvironmentError(`could not start git cat-file: ${error.message}`)),
    );
    this.child.on("close", (code) => {
      if (this.pending.length)
        this.fail(new EnvironmentError(`git cat-file exited (${code}) early: ${this.stderr.trim()}`));
    });
    this.child.stdin.on("error", (error) => this.fail(new EnvironmentError(`git cat-file stdin: ${error.message}`)));
  }

  /** Any object (blob, tree, commit) by id or revision expression. Rejects when it is missing. */
  readObject(spec: string): Promise<GitObject> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.push({ oid: spec, resolve, reject });
      this.child.stdin.write(`${spec}\n`);
    });
  }

  /** The blob's bytes. Rejects when the object is missing or not a blob. */
  async read(oid: string): Promise<Buffer> {
    const object = await this.readObject(oid);
    if (object.type !== "blob") throw new EnvironmentError(`git object ${oid} is a ${object.type}, not a blob`);
    return object.data;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once("close", () => resolve());
      this.child.stdin.end();
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const p of this.pending.splice(0)) p.reject(error);
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const head = this.pending[0];
      if (!head) return;
      const nl = this.buffer.indexOf(10);
      if (nl < 0) return;
      const header = this.buffer.subarray(0, nl).toString("utf8");
      const parts = header.split(" ");
      if (parts[1] === "missing" || parts.length < 3) {
        this.buffer = this.buffer.subarray(nl + 1);
        this.pending.shift();
        head.reject(new EnvironmentError(`git object ${head.oid} is missing (${header})`));
        continue;
      }
      const size = Number(parts[2]);
      if (this.buffer.length < nl + 1 + size + 1) return; // wait for the rest (content + trailing LF)
      const content = Buffer.from(this.buffer.subarray(nl + 1, nl + 1 + size));
      this.buffer = this.buffer.subarray(nl + 1 + size + 1);
      this.pending.shift();
      head.resolve({ type: parts[1] ?? "", data: content });
    }
  }
}
