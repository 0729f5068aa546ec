import { c } from "./c";
import { e } from "./e";
export const b = () => [c, e];
