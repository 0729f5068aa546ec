import { b } from "./b";
export const c = () => b;
