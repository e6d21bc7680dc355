import { type DomainEvent, errorResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../../lib/file-response.ts';
import { onSessionsForgotten } from '../../../lib/session-cache.ts';
import { ACCESS_TOKEN_TTL_MS } from '../../../lib/tokens.ts';
import { sessionIdOf, sessionVet, standingSessionsOf } from '../../../plugins/app/authenticate.ts';
import { mayHearOf } from '../../../policy/scope.ts';
import { type OpenStream, SESSION_RECHECK_MS, SessionStreams } from './events.streams.ts';

const HEARTBEAT_MS = 25_000;
/** The browser waits this long before its own reconnect (our client manages backoff itself too). */
const RETRY_MS = 2_000;

/**
 * `GET /v1/events`: server-sent events of the changes the logged-in vet may see. A client resumes
 * after a reconnect with `Last-Event-ID` (or `?lastEventId=`); the stream ends when the access token
 * it was opened with would have expired, so a reconnect re-checks the session, and as soon as its
 * session is revoked or its vet's kind or company changes (events.streams.ts).
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<() => void>();
  const streams = new SessionStreams((sessionIds) => standingSessionsOf(app, sessionIds));
  const recheck = () =>
    void streams
      .recheck()
      .catch((error) => app.log.error({ err: error }, 'event streams: session recheck failed'));
  // This process's own revocations at once; another process's within the interval.
  const stopListening = onSessionsForgotten(recheck);
  const rechecks = setInterval(recheck, SESSION_RECHECK_MS);
  rechecks.unref();
  app.addHook('preClose', async () => {
    clearInterval(rechecks);
    stopListening();
    for (const close of [...open]) close();
  });

  app.get(
    '/',
    {
      schema: {
        operationId: 'streamEvents',
        tags: ['events'],
        description:
          'Server-sent events (text/event-stream): one `data:` JSON DomainEvent per change, `id:` its seq. ' +
          'A stream opened without an id starts with an `event: ready` whose `id:` is where to resume from.',
        querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional() }),
        headers: z.object({ 'last-event-id': z.coerce.number().int().min(0).optional() }).loose(),
        response: {
          200: fileResponse(
            'The event stream, open until the session would expire or ends; a session holds at most 5 (a sixth closes the oldest, with `event: evicted`).',
            ['text/event-stream'],
          ),
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const vet = sessionVet(request);
      const sessionId = sessionIdOf(request);
      const resumeAfter = request.headers['last-event-id'] ?? request.query.lastEventId;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        // HTTP/2 forbids connection headers (its streams share one connection that stays open anyway).
        ...(request.raw.httpVersionMajor === 1 ? { Connection: 'keep-alive' } : {}),
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });

      const sent = new Set<number>();
      let replaying = true;
      const pending: DomainEvent[] = [];
      const write = (event: DomainEvent) => {
        if (sent.has(event.seq) || !mayHearOf(vet, event.companySku)) return;
        sent.add(event.seq);
        if (sent.size > 2_000) sent.delete(sent.values().next().value as number);
        res.write(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      // Subscribe before replaying so nothing committed meanwhile falls between the two.
      const unsubscribe = app.events.subscribe((event) => {
        if (replaying) pending.push(event);
        else write(event);
      });
      // A fresh stream starts with where to resume from: the server ends streams (expiry, the session's
      // end, a changed scope, the per-session cap) and a client that had heard nothing yet would
      // otherwise reconnect without an id and lose what happened until it was back. Taken in the same
      // tick as the subscription, so every later event reaches this stream or a resume from it.
      res.write(
        resumeAfter === undefined
          ? `retry: ${RETRY_MS}\nid: ${app.events.head}\nevent: ready\ndata: \n\n`
          : `retry: ${RETRY_MS}\n: live\n\n`,
      );
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const expiry = setTimeout(() => close(), ACCESS_TOKEN_TTL_MS);
      const close = () => {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        open.delete(close);
        streams.remove(stream);
        if (!res.writableEnded) res.end();
      };
      const evict = () => {
        if (!res.writableEnded) res.write('event: evicted\ndata: \n\n');
        close();
      };
      const stream: OpenStream = { sessionId, kind: vet.kind, companySku: vet.companySku, close, evict };
      open.add(close);
      streams.add(stream);
      request.raw.on('close', close);

      try {
        if (resumeAfter !== undefined) for (const event of await app.events.replay(resumeAfter)) write(event);
      } catch (error) {
        request.log.error({ err: error }, 'event replay failed');
      }
      replaying = false;
      for (const event of pending.splice(0)) write(event);
    },
  );
};
