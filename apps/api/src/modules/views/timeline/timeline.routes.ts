import { errorResponseSchema, timelineQuerySchema, timelineResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import type { ViewSources } from '../../manifest.ts';
import { getPetTimeline, type TimelineDeps } from './timeline.service.ts';

const tags = ['timeline'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const timelinePetRoutes: FastifyPluginAsyncZod<ViewSources> = async (app, options) => {
  const deps: TimelineDeps = { db: app.database.db, readers: options.timeline };

  app.get(
    '/:id/timeline',
    {
      schema: {
        operationId: 'getPetTimeline',
        summary: 'Get a pet’s timeline',
        tags,
        description:
          'Every event about the pet, newest first, each with its source (collar, owner app, vet), kind, a ' +
          'title and the dashboard page it opens: diets published, checkups sent, answered and reviewed, ' +
          'journal entries received, replied to and resolved, pending cards raised and resolved, weights ' +
          'entered by vets, assessments and reports signed, medical records uploaded, reminders done, daily ' +
          'statuses, owner questions asked and answered. Paged by `nextCursor` (stable when events are ' +
          'added), filtered by `source` and `kind`, and by time with `from` (inclusive) and `to` ' +
          '(exclusive), Unix seconds: a tracker chart asks for its range’s events, at most `limit` (100), ' +
          'the newest first, and a non-null `nextCursor` says there were more. A pet outside the vet’s ' +
          'scope answers 404; `to` not after `from` answers 400.',
        params: idParams,
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema, ...errors },
      },
    },
    async (request) => getPetTimeline(deps, sessionVet(request), request.params.id, request.query),
  );
};
