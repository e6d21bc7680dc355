import { errorResponseSchema, healthResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'health',
        summary: 'Health check',
        tags: ['health'],
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.status(503).send({ error: 'Database unavailable', code: 'health.database_down' });
      }
    },
  );
};
