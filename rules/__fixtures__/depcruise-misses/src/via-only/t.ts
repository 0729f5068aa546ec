import { a } from "./a";
export type T = ReturnType<typeof a>;
export const t = a;
