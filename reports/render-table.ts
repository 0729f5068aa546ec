/**
 * Table reporter: the terminal view of an inventory (reports/table-body.ts), coloured with chalk
 * when `options.color` is true (the CLI decides it from NO_COLOR / FORCE_COLOR / TTY via
 * `colorEnabled`). Without colour it is the same text as `plainTable`'s.
 */
import { Chalk } from "chalk";
import { PLAIN } from "./paint.js";
import { tableReporter } from "./table-body.js";
import type { Reporter } from "./types.js";

const coloured = new Chalk({ level: 1 });

export const renderTable: Reporter = tableReporter((color) => (color ? coloured : PLAIN));
