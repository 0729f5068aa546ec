/**
 * Reads and parses a JSON file capkit depends on (a config, a baseline, a saved result, a
 * recording, a test fixture). Each way that can go wrong (the file is missing, cannot be read,
 * or is not JSON) becomes a CapkitError naming the file, what failed (with the system's or the
 * parser's own message) and the caller's next step. The caller checks the parsed value's shape.
 * Caches that drop a corrupt entry and carry on do not use this: for them a bad file is not an error.
 */
import { readFileSync } from "node:fs";
import { ConfigError, type CapkitError, type CapkitErrorDetails } from "./errors.js";

export type JsonReadFailure = "missing" | "unreadable" | "invalid";

export interface ReadJsonOptions {
  /** What the file is, as the message's subject: "the parity recording", "saved lint result". */
  readonly what: string;
  /** The path to show (root-relative where that reads better); the path read when omitted. */
  readonly file?: string;
  /** The next step: one for every failure, or one per failure (e.g. only "invalid" has a fix to suggest). */
  readonly hint?: string | Readonly<Partial<Record<JsonReadFailure, string>>>;
  /** The error to throw (exit code 2 for all of them); ConfigError when omitted. */
  readonly error?: new (message: string, details: CapkitErrorDetails) => CapkitError;
}

/** 1-based line and column of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/**
 * Where JSON text first goes wrong, for the parser messages that give no position (V8's
 * "Unexpected token '}', …" and "Unexpected end of JSON input"); null when it finds nothing.
 */
function errorOffset(s: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < s.length && " \t\n\r".includes(s.charAt(i))) i++;
  };
  const str = (): void => {
    for (i++; i < s.length; i++) {
      const ch = s.charAt(i);
      if (ch === '"') return void i++;
      if (ch === "\\") i++;
      else if (ch < " ") throw i;
    }
    throw i;
  };
  const list = (close: string, item: () => void): void => {
    i++;
    ws();
    if (s.charAt(i) === close) return void i++;
    for (;;) {
      item();
      ws();
      if (s.charAt(i) === ",") i++;
      else if (s.charAt(i) === close) return void i++;
      else throw i;
    }
  };
  const value = (): void => {
    ws();
    const c = s.charAt(i);
    if (c === "{")
      return list("}", () => {
        ws();
        if (s.charAt(i) !== '"') throw i;
        str();
        ws();
        if (s.charAt(i++) !== ":") throw i - 1;
        value();
      });
    if (c === "[") return list("]", value);
    if (c === '"') return str();
    LITERAL.lastIndex = i;
    const m = LITERAL.exec(s);
    if (!m) throw i;
    i += m[0].length;
  };
  try {
    value();
    ws();
    if (i < s.length) throw i;
    return null;
  } catch (at) {
    if (typeof at === "number") return at;
    throw at;
  }
}

/** The parser's message with the place as line and column (what an editor shows). */
function locate(error: unknown, text: string): string {
  const why = error instanceof Error ? error.message : String(error);
  const at = /at position (\d+)/.exec(why);
  const offset = at ? Number(at[1]) : errorOffset(text);
  if (offset === null) return why;
  const { line, column } = lineColumn(text, offset);
  // V8 quotes the text around an unexpected token, newlines and all: the place says it better.
  const short = at
    ? why.replace(/ \(line \d+ column \d+\)/, "")
    : why.replace(/^(Unexpected token '[^']*'), .*$/s, "$1");
  return `${short} (line ${line}, column ${column})`;
}

function fail(path: string, options: ReadJsonOptions, failure: JsonReadFailure, cause?: unknown): CapkitError {
  const why = cause instanceof Error ? cause.message : String(cause);
  const message =
    failure === "missing"
      ? `${options.what} not found`
      : failure === "unreadable"
        ? `cannot read ${options.what}: ${why}`
        : `${options.what} is not valid JSON: ${why}`;
  const hint = typeof options.hint === "string" ? options.hint : options.hint?.[failure];
  const ErrorClass = options.error ?? ConfigError;
  return new ErrorClass(message, { file: options.file ?? path, ...(hint ? { hint } : {}) });
}

/** The file's text, or undefined when it does not exist (read first, so there is no exists-then-read race). */
function readText(path: string, options: ReadJsonOptions): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw fail(path, options, "unreadable", error);
  }
}

function parse(path: string, text: string, options: ReadJsonOptions): unknown {
  // A UTF-8 byte-order mark (Windows editors write one) is not JSON, but it is no mistake either.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(json) as unknown;
  } catch (error) {
    throw fail(path, options, "invalid", new Error(locate(error, json)));
  }
}

/** The parsed file; a missing file is an error too. */
export function readJsonFile(path: string, options: ReadJsonOptions): unknown {
  const text = readText(path, options);
  if (text === undefined) throw fail(path, options, "missing");
  return parse(path, text, options);
}

/** The parsed file, or undefined when it does not exist (an optional input). */
export function readJsonFileIfExists(path: string, options: ReadJsonOptions): unknown {
  const text = readText(path, options);
  return text === undefined ? undefined : parse(path, text, options);
}
