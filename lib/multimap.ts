/**
 * addTo(map, key, value): appends to the list a map holds under `key`, creating it. In place:
 * rebuilding the list per value (`[...(m.get(k) ?? []), v]`) costs the square of its length,
 * and one key (a base class, a belt builder) may hold tens of thousands of values.
 */
export function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
