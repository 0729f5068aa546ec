import { OWNER_NOTE } from "../schemas/jobs.shared.js";

export function ownerNote(): string {
  return OWNER_NOTE;
}
