/**
 * Which side of each seam a root-relative file sits on, and whether a direction exception
 * covers it. Consumed by the lint (rules/: graph analysis and the rules) and by the codemods
 * that warn before writing an import across a seam.
 */
import type { SeamConfig, SeamDefinition, SeamException } from "./seam-section.js";
import { matchesAny } from "../glob-list.js";

export type Side = "from" | "to" | null;

export function sideOf(seam: SeamDefinition, rel: string): Side {
  if (matchesAny(rel, seam.from)) return "from";
  if (matchesAny(rel, seam.to)) return "to";
  return null;
}

export function exceptionFor(seam: SeamDefinition, rel: string): SeamException | undefined {
  return seam.exceptions.find((e) => matchesAny(rel, [e.from]));
}

export function isSpecFile(config: SeamConfig, rel: string): boolean {
  return matchesAny(rel, config.specs.files);
}

export function isSchemaFile(config: SeamConfig, rel: string): boolean {
  return matchesAny(rel, config.specs.files) || matchesAny(rel, config.specs.schemaFiles);
}
