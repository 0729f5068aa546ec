/** An implementation module: it runs things, so a specs file must not import it. */
export const MAX_STEPS = 100;

export function runSteps(count: number): number {
  return Math.min(count, MAX_STEPS);
}
