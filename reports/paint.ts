/**
 * Paint: the few chalk styles the table reporter uses, as a type chalk's instance satisfies, and
 * PLAIN, the same styles leaving text as it is (chalk at level 0 does the same), so a run
 * without colour never loads chalk.
 */
export interface Paint {
  (text: string): string;
  readonly bold: Paint;
  readonly dim: Paint;
  readonly italic: Paint;
  readonly gray: Paint;
  readonly red: Paint;
  readonly green: Paint;
  readonly yellow: Paint;
  readonly cyan: Paint;
  readonly magenta: Paint;
}

const STYLES = ["bold", "dim", "italic", "gray", "red", "green", "yellow", "cyan", "magenta"] as const;

function plain(): Paint {
  const paint = ((text: string) => text) as Paint & Record<(typeof STYLES)[number], Paint>;
  for (const style of STYLES) Object.defineProperty(paint, style, { value: paint });
  return paint;
}

export const PLAIN: Paint = plain();
