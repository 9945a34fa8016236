// A pure function of a string, remembered for the keys seen lately: for work repeated on a hot
// path with few distinct inputs (a webhook URL parsed per attempt, an address per request, a JWT
// header per kid). At most `max` results are kept; when full they are forgotten all at once,
// which costs one recomputation each instead of the bookkeeping of an LRU on every call. A
// function that throws remembers nothing.
export function memoized<T>(max: number, compute: (key: string) => T): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let v = kept.get(key);
    if (v === undefined) {
      v = compute(key);
      if (kept.size >= max) kept.clear();
      kept.set(key, v);
    }
    return v;
  };
}
