// Placeholder until the parity engine lands; replaced by the owner of that job.
import { CapkitError } from "../../lib/errors.js";
import type { CommandModule } from "../command.js";

export const command: CommandModule = {
  summary: "parity (not built yet)",
  usage: "capkit parity",
  async run() {
    throw new CapkitError("capkit parity is not built yet", 2);
  },
};
