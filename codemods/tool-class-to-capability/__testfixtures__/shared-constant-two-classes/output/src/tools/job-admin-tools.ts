import { OWNER_NOTE } from "../schemas/jobs.shared.js";

export function adminNote(): string {
  return `Admins see everything. ${OWNER_NOTE}`;
}
