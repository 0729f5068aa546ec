/**
 * `capkit config [root] [--config FILE] [--defaults]`: prints, as JSON, the configuration the
 * other commands would run with at that root (the file's fields with every default filled in,
 * the scan scope as the workspace layout makes it), or capkit's built-in defaults. This is the
 * reference for every field: an installed package has no sources to read them from.
 * Exit: 0; 2 when the config file is invalid (the message names the field).
 */
import { resolve } from "node:path";
import { assertReadableRoot } from "../../inventory/scan/index.js";
import { defaultConfig, loadConfig } from "../../lib/config/index.js";
import { parseCommandArgs, type CommandModule } from "../command.js";
import { commandRoot } from "../root.js";

const USAGE = "capkit config [root] [--config FILE] [--defaults]";
const OPTIONS = {
  config: { type: "string" },
  defaults: { type: "boolean" },
} as const;

export const command: CommandModule = {
  summary: "print the configuration capkit runs with (every field, defaults filled in), or the built-in defaults",
  usage: USAGE,
  flags: [
    [
      "[root]",
      "the repository (default: the nearest folder up with capkit.config.json or .capkit/ state, else this one)",
    ],
    [
      "--config FILE",
      "the config file (default <root>/capkit.config.json; capkit config --defaults lists every field)",
    ],
    ["--defaults", "print every field with its built-in default instead"],
  ],
  exit: "0; 2 when the config file is invalid (the message names the field)",
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs("config", argv, OPTIONS, USAGE);
    if (values.defaults) {
      io.stdout(`${JSON.stringify(defaultConfig(), null, 2)}\n`);
      return 0;
    }
    const root = commandRoot(io, "config", positionals[0]);
    assertReadableRoot(root);
    const { config, path } = loadConfig(root, values.config ? resolve(io.cwd, values.config) : undefined);
    io.stderr(path ? `capkit config: ${path}, defaults filled in\n` : "capkit config: no config file; the defaults\n");
    io.stdout(`${JSON.stringify(config, null, 2)}\n`);
    return 0;
  },
};
