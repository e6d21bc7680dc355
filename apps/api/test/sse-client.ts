import type { DomainEvent } from '@vetboard/contract';

/** A minimal server-sent-events reader over fetch, as a browser's EventSource would see the stream. */
export async function openEventStream(url: string, options: { cookie?: string; lastEventId?: number } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: Array<DomainEvent & { receivedAt: number }> = [];
  const waiters: Array<() => void> = [];
  let opened = false;
  let readyId: number | undefined;
  let evicted = false;
  const openWaiters: Array<() => void> = [];
  let endedByServer = false;
  const endWaiters: Array<() => void> = [];
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            endedByServer = true;
            for (const waiter of endWaiters.splice(0)) waiter();
            break;
          }
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!opened) {
              opened = true;
              for (const waiter of openWaiters.splice(0)) waiter();
            }
            const lines = block.split('\n');
            if (lines.includes('event: evicted')) evicted = true;
            if (lines.includes('event: ready')) {
              readyId = Number(lines.find((line) => line.startsWith('id: '))?.slice(4));
            }
            const data = lines
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) {
              events.push({ ...(JSON.parse(data) as DomainEvent), receivedAt: performance.now() });
              for (const waiter of waiters.splice(0)) waiter();
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    /** The id a fresh stream opens with (`event: ready`): where to resume from. */
    get readyId() {
      return readyId;
    },
    /** Whether the server said it ended this stream as one too many for its session. */
    get evicted() {
      return evicted;
    },
    /** Resolves once the server has sent its first block (the stream is subscribed). */
    async opened(timeoutMs = 5_000) {
      if (opened) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('stream did not open')), timeoutMs);
        openWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async waitFor(predicate: (event: DomainEvent) => boolean, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) return undefined;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    /** Whether the server ended the stream within `timeoutMs`. */
    async ended(timeoutMs = 5_000): Promise<boolean> {
      if (endedByServer) return true;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        endWaiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    close() {
      controller.abort();
    },
  };
}
