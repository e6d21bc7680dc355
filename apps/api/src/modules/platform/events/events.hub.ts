import type { DomainEvent } from '@vetboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../../db/client.ts';
import { latestEventSeq, listEventsAfter } from './events.repository.ts';
import { EVENTS_CHANNEL, EVENTS_RETENTION_MS, toDomainEventDto } from './events.service.ts';

export type EventListener = (event: DomainEvent) => void;

/**
 * A sequence number is taken when the event is written, but transactions commit in any order: an
 * event with a smaller seq can become visible after a larger one was read. Each read therefore looks
 * this far back and skips what was delivered already.
 */
const LOOK_BACK = 500;
const DELIVERED_MEMORY = 5_000;

/**
 * One listener per process on the `domain_events` channel (PostgreSQL LISTEN on its own connection,
 * or PGlite's in-process listen), so an event committed through any instance reaches the SSE clients
 * of every instance. A notification only says "something new": the hub reads the new rows once and
 * fans them out to its local subscribers.
 */
export function createEventHub(deps: {
  database: Database;
  databaseUrl: string | undefined;
  logger: FastifyBaseLogger;
}) {
  const { database, logger } = deps;
  const db = database.db;
  const listeners = new Set<EventListener>();
  const delivered = new Set<number>();
  let lastSeq = 0;
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let stopListening: (() => Promise<void>) | null = null;
  let closed = false;

  function remember(seq: number) {
    delivered.add(seq);
    if (delivered.size > DELIVERED_MEMORY) {
      const oldest = delivered.values().next().value;
      if (oldest !== undefined) delivered.delete(oldest);
    }
  }

  async function readNew(): Promise<void> {
    const rows = await listEventsAfter(db, Math.max(0, lastSeq - LOOK_BACK), {
      since: new Date(Date.now() - 60_000),
      limit: 1_000,
    });
    for (const row of rows) {
      if (delivered.has(row.seq)) continue;
      remember(row.seq);
      lastSeq = Math.max(lastSeq, row.seq);
      const event = toDomainEventDto(row);
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          logger.error({ err: error }, 'event listener failed');
        }
      }
    }
  }

  /** Coalesces a burst of notifications into as few reads as possible. */
  function onNotify() {
    if (closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = (async () => {
      do {
        readAgain = false;
        await readNew().catch((error) => logger.error({ err: error }, 'reading new events failed'));
      } while (readAgain && !closed);
      reading = null;
    })();
  }

  async function listenPostgres(url: string): Promise<() => Promise<void>> {
    let client: pg.Client | null = null;
    let stopped = false;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url, application_name: 'vetboard-events' });
      next.on('notification', onNotify);
      next.on('error', (error) => {
        logger.warn({ err: error }, 'event listener connection lost; reconnecting');
        next.end().catch(() => {});
        if (!stopped) setTimeout(() => void connect().catch(retry), 1_000).unref();
      });
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      client = next;
      // Whatever committed while we were not listening.
      onNotify();
    };
    const retry = (error: unknown) => {
      logger.warn({ err: error }, 'event listener could not connect; retrying');
      if (!stopped) setTimeout(() => void connect().catch(retry), 1_000).unref();
    };
    await connect();
    return async () => {
      stopped = true;
      await client?.end().catch(() => {});
    };
  }

  /** The pool's own address first: the test app opens a database per file that the config does not name. */
  function postgresUrl(): string {
    const url =
      (db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options
        ?.connectionString ?? deps.databaseUrl;
    if (!url) throw new Error('The event listener needs the PostgreSQL connection string');
    return url;
  }

  async function listenPglite(): Promise<() => Promise<void>> {
    const client = (
      db as unknown as { $client: { listen(channel: string, cb: () => void): Promise<() => Promise<void>> } }
    ).$client;
    return client.listen(EVENTS_CHANNEL, onNotify);
  }

  return {
    async start(): Promise<void> {
      lastSeq = await latestEventSeq(db);
      stopListening =
        database.engine === 'postgres' ? await listenPostgres(postgresUrl()) : await listenPglite();
    },

    subscribe(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * The newest seq this process has handed to its subscribers: a stream opened now hears every later
     * one, so a client that resumes from it misses nothing (events.routes.ts sends it on opening).
     */
    get head(): number {
      return lastSeq;
    },

    get subscribers(): number {
      return listeners.size;
    },

    /** Events after `seq` that a reconnecting client missed, within the retention. */
    async replay(afterSeq: number): Promise<DomainEvent[]> {
      const rows = await listEventsAfter(db, afterSeq, {
        since: new Date(Date.now() - EVENTS_RETENTION_MS),
        limit: 1_000,
      });
      return rows.map(toDomainEventDto);
    },

    async close(): Promise<void> {
      closed = true;
      listeners.clear();
      await stopListening?.();
      await reading;
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
