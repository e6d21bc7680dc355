import {
  errorResponseSchema,
  ingestBatchSchema,
  ingestRejectionSchema,
  ingestResponseSchema,
  MAX_READINGS_PER_BATCH,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionIntegration } from '../../../plugins/app/authenticate.ts';
import { ingestReadings } from './trackers.ingest.service.ts';

/** A full batch of 5,000 readings is ~0.8 MB of JSON; this leaves room for long values, not for a second batch. */
export const INGEST_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export const trackersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, now: app.clock.now };

  app.post(
    '/readings',
    {
      // Not a vet route: the collar platform authenticates with its own token, and a vet's session is refused.
      config: { auth: 'integration', integrationScope: 'readings' },
      bodyLimit: INGEST_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'ingestTrackerReadings',
        tags: ['trackers'],
        description:
          `Up to ${MAX_READINGS_PER_BATCH} collar or app readings, authenticated by an integration token ` +
          '(`npm run integration:create`). Idempotent on each reading `id`: a retried batch adds nothing and ' +
          'counts its readings as duplicates. Give readings time-ordered ids (UUIDv7): the id is the primary ' +
          'key, and random ids scatter every insert across its index. All or nothing: if any reading is ' +
          'refused, nothing is written ' +
          'and the 400 lists every refused reading by index with the reason.',
        security: [{ bearerAuth: [] }],
        body: ingestBatchSchema,
        response: {
          200: ingestResponseSchema,
          400: z.union([ingestRejectionSchema, errorResponseSchema]),
          401: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const integration = sessionIntegration(request);
      const started = performance.now();
      const outcome = await ingestReadings(deps, integration, request.body.readings);
      const durationMs = Math.round(performance.now() - started);
      if (!outcome.ok) {
        request.log.info(
          {
            integrationId: integration.integrationId,
            received: outcome.received,
            rejected: outcome.rejected.length,
            durationMs,
          },
          'tracker readings batch refused',
        );
        return reply.status(400).send({
          error: `${outcome.rejected.length} of ${outcome.received} readings were refused; nothing was written`,
          code: 'trackers.batch_rejected',
          rejected: outcome.rejected,
        });
      }
      request.log.info(
        { integrationId: integration.integrationId, ...outcome.result, durationMs },
        'tracker readings batch ingested',
      );
      return outcome.result;
    },
  );
};
