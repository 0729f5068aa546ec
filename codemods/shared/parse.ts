/**
 * TypeScript's parser for the call-site codemods (lib/typescript.ts), with parent pointers
 * set: the rewrites walk up from a reference to decide what it is. Parse errors come back as
 * line/message pairs so a broken file is reported, not guessed.
 */
import { getTypeScript, parseTypeScript, type ParsedSource, type TypeScriptApi } from "../../lib/typescript.js";

export { getTypeScript, type ParsedSource, type TypeScriptApi };

export function parseSource(file: string, text: string): ParsedSource {
  return parseTypeScript(file, text, { setParents: true });
}
