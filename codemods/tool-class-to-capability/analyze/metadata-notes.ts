/**
 * The migrate report's notes on LangChain metadata the class move dropped
 * (inventory/extract/langchain-metadata.ts; README "LangChain serialisation metadata").
 */
import type { ClassAnalysis } from "./analyze-class.js";

/**
 * What the report says of the LangChain metadata the move dropped (langchain-metadata.ts): the
 * members, and for lc_secrets which run field holds which secret, so the host fills it from its
 * secret store (LangChain's load() read those variables; a capability run reads only its fields).
 */
export function metadataNotes(a: ClassAnalysis): string[] {
  if (a.langChainMetadata.length === 0) return [];
  const labels = a.langChainMetadata.map((m) => m.label).join(", ");
  const notes = [
    `${a.wireName}: dropped LangChain serialisation metadata ${labels} (a capability is never serialised through LangChain's Serializable)`,
  ];
  for (const { field, env } of a.langChainMetadata.flatMap((m) => m.secrets)) {
    const runField = /\brun\.(\w+)/.exec(a.depFields.get(field) ?? "")?.[1];
    notes.push(
      runField
        ? `${a.wireName}: run field ${runField} holds the secret ${env} (lc_secrets): the host fills it from its secret store`
        : `${a.wireName}: lc_secrets named ${field} (secret ${env}), which the capability does not read: check where the secret went`,
    );
  }
  return notes;
}
