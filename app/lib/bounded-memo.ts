/**
 * `compute` remembered per distinct key, for keys a client chooses (a header, a path, a text of the page's data):
 * at most `max` answers kept, all dropped at once when full, so any stream of distinct keys stays bounded and a
 * key outside the working set costs one `compute`. Not lru-cache's `memo`: that allocates an options object per
 * call and keeps recency, on paths where the answer is wanted in a few nanoseconds (a cached hit), and it would
 * weigh on the browser's first visit. `compute` must not return undefined.
 */
export function boundedMemo<K, V extends NonNullable<unknown> | null>(
  max: number,
  compute: (key: K) => V,
): ((key: K) => V) & { clear(): void } {
  const kept = new Map<K, V>();
  const remembered = (key: K): V => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= max) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
  return Object.assign(remembered, { clear: () => kept.clear() });
}
