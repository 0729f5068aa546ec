/** Imports the maps barrel itself (not only through a barrel): it must stay a module. */
import * as maps from "./tools/maps/index.js";

export const mapTools = maps;
