import type { QueryClient } from '@tanstack/react-query';
import { domainEventSchema } from '@vetboard/contract';
import { keysForLiveEvent } from './live-invalidation.ts';
import { setLiveStatus } from './live-status.ts';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Wait before reconnect attempt `attempt` (0-based): doubling from 1 s up to 30 s, with jitter. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base / 2 + (base / 2) * random());
}

/**
 * The session's one EventSource on `GET /v1/events`. Each event invalidates exactly the cache entries
 * its reads registered (live-invalidation.ts). On a drop we close it and reconnect ourselves with
 * backoff and the last event id, after `checkSession` (a normal API call, which refreshes an expired
 * access token or ends the session), so a stream never retries forever with a dead cookie.
 */
export function startLiveUpdates(options: {
  url: string;
  queryClient: QueryClient;
  checkSession: () => Promise<unknown>;
}): () => void {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let evicted = false;
  let onVisible: (() => void) | null = null;

  const connect = () => {
    if (stopped) return;
    const url = lastEventId ? `${options.url}?lastEventId=${encodeURIComponent(lastEventId)}` : options.url;
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.onopen = () => {
      attempt = 0;
      setLiveStatus('live');
    };
    // The server's first word on a fresh stream: where to resume from should it end before any change
    // arrives (it ends streams itself: expiry, logout, a changed scope, too many tabs).
    current.addEventListener('ready', (message) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
    });
    // One stream too many for the session (the server keeps 5): this tab waits until it is looked at
    // again, or reconnecting would evict the next oldest tab, and six tabs would take turns.
    current.addEventListener('evicted', () => {
      evicted = true;
    });
    current.onmessage = (message) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.data);
      } catch {
        return;
      }
      const result = domainEventSchema.safeParse(parsed);
      if (!result.success) return;
      for (const queryKey of keysForLiveEvent(result.data)) {
        void options.queryClient.invalidateQueries({ queryKey });
      }
    };
    current.onerror = () => {
      current.close();
      if (source !== current || stopped) return;
      source = null;
      setLiveStatus('down');
      const delay = reconnectDelay(attempt);
      attempt += 1;
      const reconnect = () => {
        timer = setTimeout(() => {
          options.checkSession().then(connect, connect);
        }, delay);
      };
      if (!evicted || typeof document === 'undefined' || document.visibilityState === 'visible') {
        evicted = false;
        reconnect();
        return;
      }
      const visible = () => {
        if (document.visibilityState !== 'visible') return;
        document.removeEventListener('visibilitychange', visible);
        onVisible = null;
        evicted = false;
        reconnect();
      };
      onVisible = visible;
      document.addEventListener('visibilitychange', visible);
    };
  };

  setLiveStatus('connecting');
  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (onVisible) document.removeEventListener('visibilitychange', onVisible);
    source?.close();
    source = null;
    setLiveStatus('off');
  };
}
