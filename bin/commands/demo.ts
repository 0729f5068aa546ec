// Placeholder until the demo engine lands; replaced by the owner of that job.
import { CapkitError } from "../../lib/errors.js";
import type { CommandModule } from "../command.js";

export const command: CommandModule = {
  summary: "demo (not built yet)",
  usage: "capkit demo",
  async run() {
    throw new CapkitError("capkit demo is not built yet", 2);
  },
};
