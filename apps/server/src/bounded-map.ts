/**
 * Sets `key` in an insertion-ordered Map that must not grow past `max` entries: when it is full,
 * the oldest entry goes first. Enough for caches whose entries are all about as likely to be
 * needed again.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
