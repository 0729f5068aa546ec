import { a } from "./a";
export const d = () => a;
