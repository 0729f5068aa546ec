import { typedA } from "../tools/typed-a.js";
export interface TypedB { name: string }
export const typedB = (): string => typedA({ name: "b" });
