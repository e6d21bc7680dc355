import {
  errorResponseSchema,
  jobRetryParamsSchema,
  jobsOverviewResponseSchema,
  okResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { getJobsOverview, retryFailedJob } from './jobs.overview.service.ts';

const tags = ['jobs'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, jobs: app.jobs, now: app.clock.now };

  app.get(
    '/',
    {
      schema: {
        operationId: 'getJobsOverview',
        tags,
        description:
          'Head vets only: per queue, the jobs waiting, running and failed in the last 24 hours, and the latest failures with their errors.',
        response: { 200: jobsOverviewResponseSchema, ...errors },
      },
    },
    async (request) => getJobsOverview(deps, sessionVet(request)),
  );

  app.post(
    '/:queue/:id/retry',
    {
      schema: {
        operationId: 'retryJob',
        tags,
        description: 'Head vets only: puts a failed job back in its queue for one more try.',
        params: jobRetryParamsSchema,
        response: { 200: okResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await retryFailedJob(deps, sessionVet(request), request.params.queue, request.params.id);
      return { ok: true as const };
    },
  );
};
