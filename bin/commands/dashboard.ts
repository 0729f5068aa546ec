// Placeholder until the dashboard engine lands; replaced by the owner of that job.
import { CapkitError } from "../../lib/errors.js";
import type { CommandModule } from "../command.js";

export const command: CommandModule = {
  summary: "dashboard (not built yet)",
  usage: "capkit dashboard",
  async run() {
    throw new CapkitError("capkit dashboard is not built yet", 2);
  },
};
