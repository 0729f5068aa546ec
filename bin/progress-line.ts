/**
 * The one-line progress indicator the long commands draw on stderr while an engine works: a
 * carriage return, an erase to the end of the line, then the command's text, so each event
 * redraws the line in place, and an erase when the work is done. Nothing is drawn when stderr
 * is not a terminal (piped, CI logs would fill with carriage returns) or when the command turns
 * it off (`--json` keeps stderr quiet). Engines only emit events; the text is each command's.
 */
import type { CliIO } from "./command.js";

const ERASE = "\r\x1b[K";

export interface ProgressLine {
  /** Redraw the line with `text` (no newline). */
  show(text: string): void;
  /** Erase the line, leaving the cursor at its start. */
  clear(): void;
}

/** A progress line on stderr, or undefined when nothing should be drawn. */
export function progressLine(io: CliIO, enabled = true): ProgressLine | undefined {
  if (!enabled || !io.stderrIsTTY) return undefined;
  return {
    show: (text) => io.stderr(`${ERASE}${text}`),
    clear: () => io.stderr(ERASE),
  };
}
