export type { Shape as DescribedShape } from "./types.js";

export function describe(shape: { kind: string }): string {
  return `a ${shape.kind}`;
}
