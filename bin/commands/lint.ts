// Placeholder until the lint engine lands; replaced by the owner of that job.
import { CapkitError } from "../../lib/errors.js";
import type { CommandModule } from "../command.js";

export const command: CommandModule = {
  summary: "lint (not built yet)",
  usage: "capkit lint",
  async run() {
    throw new CapkitError("capkit lint is not built yet", 2);
  },
};
