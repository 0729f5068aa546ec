// Placeholder until the inventory engine lands; replaced by the owner of that job.
import { CapkitError } from "../../lib/errors.js";
import type { CommandModule } from "../command.js";

export const command: CommandModule = {
  summary: "inventory (not built yet)",
  usage: "capkit inventory",
  async run() {
    throw new CapkitError("capkit inventory is not built yet", 2);
  },
};
