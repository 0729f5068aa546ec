import { z } from "zod";
import { LIMIT_SCHEMA, NAME_FIELD } from "../schemas/jobs.shared.js";

export const RenameInput = z.object({ id: z.string(), name: NAME_FIELD });

export function validLimit(limit: number): boolean {
  return limit >= LIMIT_SCHEMA.minimum && limit <= LIMIT_SCHEMA.maximum;
}

export function validName(name: string): boolean {
  return NAME_FIELD.safeParse(name).success;
}
