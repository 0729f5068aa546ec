import { d } from "./d";
export const e = () => d;
