/**
 * Assembles and gates the default belt (a belt-assembly file on the tools side).
 */
import { getBuiltinTools } from "./builtin-tools.js";
import { gateTools, type GateOptions } from "./tool-permissions.js";

export const gatedBuiltinBelt = (options: GateOptions) => gateTools(getBuiltinTools(), options);
