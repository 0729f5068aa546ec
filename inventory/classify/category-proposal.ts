/**
 * A proposed permission category for a wire name the categories map does not list: from the
 * wire name's verb (its first word, else its last, else any: `thread_memory_list` → read,
 * `memory_save` → write; a write to a third party's account, `archive_email`, is external),
 * else from what the process method reaches (extract/class-shape.ts effects). Flagged as a proposal wherever it is
 * shown; the runtime's unlisted → external rule stays the fallback when nothing proposes.
 */
import type { PermissionCategory } from "../types.js";

const VERB_CATEGORIES: Readonly<Record<string, PermissionCategory>> = {};
const put = (category: PermissionCategory, words: string) => {
  for (const w of words.split(/\s+/)) if (w) (VERB_CATEGORIES as Record<string, PermissionCategory>)[w] = category;
};
put(
  "read",
  "get list read search find query view show describe inspect export lookup count load check validate compare analyze analyse score critique understand detect preview extract status recall glob grep info stats summarize parse diff peek ls cat stat exists explain estimate measure lint verify screenshot calculate compute",
);
// Producing an artifact or costly media is a write (the classification map the design reads says so).
put(
  "write",
  "save update delete remove create write edit set add put patch rename move copy store remember forget archive restore apply assign tag mark insert append import clear reset upsert index label publish share unshare rm mkdir commit revert merge approve reject link unlink attach detach pin unpin register configure enable disable cancel generate transcribe synthesize translate embed download convert render",
);
put(
  "execute",
  "run exec execute eval test build debug start launch invoke bake spawn trigger assemble schedule deploy compile install js",
);
put("external", "send navigate http browse browser post tweet notify sms call crawl scrape fetch request");

/** A write to a third party's account is an external side effect (`archive_email`, `add_label_to_email`). */
const THIRD_PARTY = new Set([
  "email",
  "emails",
  "gmail",
  "mail",
  "slack",
  "tweet",
  "calendar",
  "event",
  "drive",
  "github",
  "issue",
  "sms",
  "message",
  "label",
]);

const EFFECT_ORDER: readonly (readonly [string, PermissionCategory])[] = [
  ["provider", "external"],
  ["execute", "execute"],
  ["write", "write"],
  ["network", "external"],
  ["read", "read"],
];

export interface CategoryProposal {
  readonly category: PermissionCategory;
  readonly why: string;
}

export function proposeCategory(wireName: string, effects: readonly string[]): CategoryProposal | null {
  const words = wireName
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const ordered = [words[0], words[words.length - 1], ...words.slice(1, -1)].filter(
    (w): w is string => w !== undefined,
  );
  const verb = ordered.find((w) => VERB_CATEGORIES[w] !== undefined);
  if (verb) {
    const category = VERB_CATEGORIES[verb] as PermissionCategory;
    const party = words.find((w) => THIRD_PARTY.has(w));
    if (category === "write" && party)
      return { category: "external", why: `the verb "${verb}" changes a third party's "${party}"` };
    // A read that asks a model provider to do the judging is a third party's work at a cost,
    // not a read of the run's own data.
    if (category === "read" && effects.includes("provider"))
      return { category: "external", why: `the verb "${verb}" reads, but its process asks a model provider` };
    return { category, why: `the wire name's verb "${verb}"` };
  }
  for (const [effect, category] of EFFECT_ORDER) {
    if (effects.includes(effect))
      return {
        category,
        why: `its process ${effect === "provider" ? "asks a model provider" : effect === "network" ? "reaches the network" : effect === "execute" ? "executes code" : `${effect}s`}`,
      };
  }
  return null;
}
