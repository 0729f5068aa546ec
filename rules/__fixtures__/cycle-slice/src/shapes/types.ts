// Shapes: the re-export below is type-only, so shapes/types ↔ shapes/describe is no cycle.
import { describe } from "./describe.js";

export interface Observer<T> {
  next(value: T): void;
}

export interface Shape {
  kind: string;
}

export const SHAPE_KINDS = [describe({ kind: "circle" })];
