import type { VetKind } from '@vetboard/contract';

/** A vet's session opens at most this many streams at once (a few tabs; a reload's stale socket). */
export const MAX_STREAMS_PER_SESSION = 5;
/**
 * How often the open streams' sessions are re-read: what bounds a revocation made by another server
 * process (this process's own are re-checked at once). One query for all of this process's streams.
 */
export const SESSION_RECHECK_MS = 10_000;

export interface OpenStream {
  sessionId: string;
  kind: VetKind;
  companySku: string | null;
  close: () => void;
  /** Closes it telling the client it was one stream too many (`event: evicted`). */
  evict: () => void;
}

type Standing = Map<string, { kind: VetKind; companySku: string | null }>;

/**
 * The event streams this process holds, by session (issue #47, point 7): they end when their session
 * is revoked (logout, the vet disabled, a password reset, a stolen refresh token) or their vet's kind
 * or company changes (what they may hear changed: the client reconnects and is scoped anew), and one
 * session holds at most MAX_STREAMS_PER_SESSION.
 *
 * Past the cap the oldest stream is closed rather than the new one refused: the newest is the tab in
 * use, while the oldest is likeliest a closed tab or a reload whose socket has not been seen to drop
 * yet; a 429 would leave the vet's current tab without live updates. A client that opens streams in
 * a loop still holds no more than the cap. The evicted stream is told so (`event: evicted`): its tab,
 * if still open, reconnects once it is looked at again, where reconnecting at once would evict the
 * next oldest and six open tabs would take turns forever.
 */
export class SessionStreams {
  private readonly bySession = new Map<string, OpenStream[]>();
  private checking: Promise<void> | null = null;
  private again = false;

  constructor(private readonly standing: (sessionIds: string[]) => Promise<Standing>) {}

  add(stream: OpenStream): void {
    const streams = this.bySession.get(stream.sessionId) ?? [];
    streams.push(stream);
    this.bySession.set(stream.sessionId, streams);
    while (streams.length > MAX_STREAMS_PER_SESSION) streams.shift()?.evict();
  }

  remove(stream: OpenStream): void {
    const streams = this.bySession.get(stream.sessionId);
    if (!streams) return;
    const at = streams.indexOf(stream);
    if (at >= 0) streams.splice(at, 1);
    if (streams.length === 0) this.bySession.delete(stream.sessionId);
  }

  get size(): number {
    let count = 0;
    for (const streams of this.bySession.values()) count += streams.length;
    return count;
  }

  /** Re-reads every open stream's session; calls made meanwhile coalesce into one more read after. */
  recheck(): Promise<void> {
    if (this.checking) {
      this.again = true;
      return this.checking;
    }
    this.checking = (async () => {
      try {
        do {
          this.again = false;
          await this.closeFallen();
        } while (this.again);
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  private async closeFallen(): Promise<void> {
    const sessionIds = [...this.bySession.keys()];
    if (sessionIds.length === 0) return;
    const standing = await this.standing(sessionIds);
    for (const sessionId of sessionIds) {
      const now = standing.get(sessionId);
      for (const stream of [...(this.bySession.get(sessionId) ?? [])]) {
        if (!now || now.kind !== stream.kind || now.companySku !== stream.companySku) stream.close();
      }
    }
  }
}
