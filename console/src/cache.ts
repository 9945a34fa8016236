// What several screens show of one project (its locks, its webhooks), loaded once and shared until
// a write changes it: five tabs need the lock names, and each used to fetch every lock again. The
// cache belongs to the session: logging in or out forgets it (session.ts), with the clients.
import { useEffect, useState } from 'preact/hooks';
import { type Loaded, useLoad } from './hooks.ts';

const loads = new Map<string, Promise<unknown>>();
const watchers = new Map<string, Set<() => void>>();

/** The load under `key`: started once, shared by every screen asking until invalidated. */
function shared<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = loads.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    loads.set(key, p);
    // A failure is not kept: the next screen that asks tries again.
    p.catch(() => {
      if (loads.get(key) === p) loads.delete(key);
    });
  }
  return p;
}

/** Drops every load whose key starts with `prefix`, and tells the screens showing them to load again. */
export function invalidate(prefix: string): void {
  for (const key of [...loads.keys()]) if (key.startsWith(prefix)) loads.delete(key);
  for (const [key, fns] of watchers) if (key.startsWith(prefix)) for (const fn of fns) fn();
}

/** Forgets everything (log in, log out). */
export function forgetCache(): void {
  loads.clear();
}

/** useLoad through the cache: `reload()` invalidates the key, so every screen showing it loads again. */
export function useShared<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const fn = () => setVersion((v) => v + 1);
    const set = watchers.get(key) ?? new Set<() => void>();
    watchers.set(key, set);
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) watchers.delete(key);
    };
  }, [key]);
  const loaded = useLoad(() => shared(key, load), [key, version]);
  return { ...loaded, reload: () => invalidate(key) };
}
