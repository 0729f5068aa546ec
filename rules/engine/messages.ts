/**
 * Violation text exactly as ESLint would print it: the rule's `meta.messages` template with
 * `{{ name }}` placeholders filled from the data (ESLint's own interpolation rule). Keeps
 * the fast path's wording identical to the plugin's.
 */
import { MESSAGES, type CapkitRuleName } from "../messages.js";

export function formatMessage(rule: CapkitRuleName, messageId: string, data: Readonly<Record<string, string>>): string {
  const messages = MESSAGES[rule] as Record<string, string>;
  const template = messages[messageId];
  if (template === undefined) throw new Error(`${rule} has no message "${messageId}"`);
  return template.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name: string) =>
    name in data ? String(data[name]) : whole,
  );
}
