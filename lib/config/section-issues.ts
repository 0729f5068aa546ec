/**
 * Messages for the hand-shaped config sections (`seam`, `codemods`): their zod schemas word each
 * issue as `"<key path>" must be …`, naming the key inside the section, and a section reports
 * its first issue, unknown keys before anything else (a misspelt key explains the rest).
 */
import { didYouMean } from "../did-you-mean.js";
import type { z } from "zod";
import { ConfigError } from "../errors.js";
import type { ZodApi } from "./zod.js";

/** `seams[0].from`, `runFields.x`: the key path inside a section, as a config's author writes it. */
export function keyPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

/** `"<key path>" <rest>`, or `<rest>` alone for the section itself. */
export function atKey(path: readonly PropertyKey[] | undefined, rest: string): string {
  const key = keyPath(path ?? []);
  return key ? `"${key}" ${rest}` : rest;
}

/** The error option of a strict object: unknown keys named with their path and the known ones. */
export function objectError(known: readonly string[], notAnObject: string) {
  return (iss: z.core.$ZodRawIssue): string => {
    if (iss.code !== "unrecognized_keys") return atKey(iss.path, notAnObject);
    const prefix = keyPath(iss.path ?? []);
    const key = iss.keys[0] ?? "";
    return `unknown key "${prefix ? `${prefix}.` : ""}${key}" (${didYouMean(key, known)}known: ${known.join(", ")})`;
  };
}

/** The message a section reports: its first unknown key, else its first issue. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues.find((i) => i.code === "unrecognized_keys") ?? error.issues[0];
  return issue?.message ?? "is not valid";
}

/**
 * A hand-shaped section as the zod schema lib/config/schema.ts assembles: validation stays in the
 * section's resolver (one set of messages, usable without the whole schema); its ConfigError
 * becomes a zod issue on the section, without the `<section>: ` prefix the resolver adds.
 */
export function delegatedSection<T>(z: ZodApi, section: string, resolve: (raw: unknown) => T) {
  return z.unknown().transform((raw, ctx): T => {
    try {
      return resolve(raw);
    } catch (error) {
      const prefix = `${section}: `;
      const text = error instanceof ConfigError ? error.message : String(error);
      const message = text.startsWith(prefix) ? text.slice(prefix.length) : text;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
  });
}
