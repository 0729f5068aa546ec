import { a } from "./a";
export const v = () => typeof a;
