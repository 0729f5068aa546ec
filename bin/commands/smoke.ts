// Placeholder until the smoke engine lands; replaced by the owner of that job.
import { CapkitError } from "../../lib/errors.js";
import type { CommandModule } from "../command.js";

export const command: CommandModule = {
  summary: "smoke (not built yet)",
  usage: "capkit smoke",
  async run() {
    throw new CapkitError("capkit smoke is not built yet", 2);
  },
};
