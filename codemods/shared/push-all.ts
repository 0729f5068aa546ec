/**
 * Appends `items` to `into` in a loop: `into.push(...items)` passes every item as an argument,
 * which overflows the call stack once a list reaches about 100k items (the identifiers of one
 * huge method body).
 */
export function pushAll<T>(into: T[], ...lists: readonly (readonly T[])[]): void {
  for (const items of lists) for (const item of items) into.push(item);
}
