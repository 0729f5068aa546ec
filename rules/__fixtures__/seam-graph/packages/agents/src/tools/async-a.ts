import { asyncB } from "../capabilities/async-b.js";
export const asyncA = (): string => asyncB();
