import type { TypedB } from "../capabilities/typed-b.js";
export const typedA = (b: TypedB): string => b.name;
