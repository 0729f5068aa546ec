/** Small pieces of message wording shared by commands, reports and engines' errors. */

/** The count and the word in its number: "1 class", "2 classes" (`many` defaults to `one` + "s"). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The first `max` items joined with ", ", then " and N more" when there are more. */
export function firstOf(items: readonly string[], max: number): string {
  const shown = items.slice(0, max).join(", ");
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

/** What a category's "?" means, in the inventory's legend and in migrate's warning alike. */
export const PROPOSED_CATEGORY_MEANING = "category proposed from the wire name's verb and what process does";

/** A proposed category as every terminal output writes it: "read?". */
export function proposedCategory(category: string): string {
  return `${category}?`;
}
