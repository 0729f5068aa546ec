/**
 * Typed errors shared by every engine. An engine throws one of these; only `bin/` turns it
 * into a message on stderr and an exit code. Each error says what failed, where (file:line
 * when there is one), and what to do next.
 */

export type ExitCode = 0 | 1 | 2;

export interface CapkitErrorDetails {
  /** Path (relative to the scanned root where possible) the error is about. */
  readonly file?: string;
  readonly line?: number;
  /** The next step: the exact flag, command or edit that fixes it. */
  readonly hint?: string;
}

export class CapkitError extends Error {
  readonly exitCode: ExitCode;
  readonly details: CapkitErrorDetails;

  constructor(message: string, exitCode: ExitCode, details: CapkitErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.details = details;
  }

  /** "file:line: message\n  hint: …" — the single place user-facing error text is shaped. */
  format(): string {
    const where = this.details.file ? `${this.details.file}${this.details.line ? `:${this.details.line}` : ""}: ` : "";
    const hint = this.details.hint ? `\n  hint: ${this.details.hint}` : "";
    return `${where}${this.message}${hint}`;
  }
}

/** Bad flags, unknown commands, missing arguments: exit 2. */
export class UsageError extends CapkitError {
  constructor(message: string, details: CapkitErrorDetails = {}) {
    super(message, 2, details);
  }
}

/** A config file that is missing, unparsable or invalid: exit 2. */
export class ConfigError extends CapkitError {
  constructor(message: string, details: CapkitErrorDetails = {}) {
    super(message, 2, details);
  }
}

/** The environment refuses the operation (dirty git tree, unreadable root): exit 2. */
export class EnvironmentError extends CapkitError {
  constructor(message: string, details: CapkitErrorDetails = {}) {
    super(message, 2, details);
  }
}

export function isCapkitError(value: unknown): value is CapkitError {
  return value instanceof CapkitError;
}
