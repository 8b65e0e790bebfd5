import { useSyncExternalStore } from 'react';

export interface SmallStore<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
  /** The value as React state: components re-render when it changes. */
  use: () => T;
}

/**
 * A value shared by a few pages, outside React (DESIGN.md: no global store unless something truly global
 * appears). With `storageKey` it survives a reload in this tab (sessionStorage), and never leaves it.
 */
export function createSmallStore<T>(initial: T, storageKey?: string): SmallStore<T> {
  let value = initial;
  if (storageKey) {
    try {
      const saved = window.sessionStorage.getItem(storageKey);
      if (saved !== null) value = JSON.parse(saved) as T;
    } catch {
      // Storage may be blocked (private mode, sandboxed frame) or hold junk: start empty.
    }
  }
  const listeners = new Set<() => void>();
  const get = () => value;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const set = (next: T) => {
    if (Object.is(next, value)) return;
    value = next;
    if (storageKey) {
      try {
        window.sessionStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Kept in memory only.
      }
    }
    for (const listener of listeners) listener();
  };
  return { get, set, subscribe, use: () => useSyncExternalStore(subscribe, get, get) };
}
