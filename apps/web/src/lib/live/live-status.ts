import { useSyncExternalStore } from 'react';

/** `connecting` before the first open, `live` while open, `down` between a drop and the next open. */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'down';

let status: LiveStatus = 'off';
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => status,
  );
}
