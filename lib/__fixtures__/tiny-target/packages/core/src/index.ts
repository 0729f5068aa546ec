import { z } from "zod";

export const greetingSchema = z.object({ name: z.string() });
export function greet(name: string): string {
  return `hello ${greetingSchema.parse({ name }).name}`;
}
