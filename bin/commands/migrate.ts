// Placeholder until the migrate engine lands; replaced by the owner of that job.
import { CapkitError } from "../../lib/errors.js";
import type { CommandModule } from "../command.js";

export const command: CommandModule = {
  summary: "migrate (not built yet)",
  usage: "capkit migrate",
  async run() {
    throw new CapkitError("capkit migrate is not built yet", 2);
  },
};
