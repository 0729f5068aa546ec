import { ENV } from "./env.js";
export const CONFIG = { mode: ENV.mode };
