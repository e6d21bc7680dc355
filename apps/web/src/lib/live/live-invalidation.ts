import type { QueryKey } from '@tanstack/react-query';
import type { DomainEvent, DomainEventType } from '@vetboard/contract';

type KeysOf = (event: DomainEvent) => readonly QueryKey[];

const handlers = new Map<DomainEventType, Set<KeysOf>>();

/**
 * A read's module says which of its cache entries a kind of change makes stale. It registers when
 * the module loads: a feature whose code was never loaded has nothing cached to refresh.
 */
export function invalidateOnLive(types: readonly DomainEventType[], keysOf: KeysOf): void {
  for (const type of types) {
    let set = handlers.get(type);
    if (!set) {
      set = new Set();
      handlers.set(type, set);
    }
    set.add(keysOf);
  }
}

/** The keys an event touches, from every registered read; duplicates removed. */
export function keysForLiveEvent(event: DomainEvent): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const keysOf of handlers.get(event.type) ?? []) {
    for (const key of keysOf(event)) seen.set(JSON.stringify(key), key);
  }
  return [...seen.values()];
}
