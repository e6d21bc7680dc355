import { errorResponseSchema, homeResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import type { ViewSources } from '../../manifest.ts';
import { getHome, type HomeDeps } from './home.service.ts';

export const homeRoutes: FastifyPluginAsyncZod<ViewSources> = async (app, options) => {
  const deps: HomeDeps = { db: app.database.db, now: app.clock.now, sources: options.home };

  app.get(
    '/',
    {
      schema: {
        operationId: 'getHome',
        tags: ['home'],
        description:
          'The home page in one call: open pending cards by severity and how many are mine, checkups to ' +
          'review, new journal entries, medical records to review, my reminders overdue and due today, B2B ' +
          'pets without today’s status; my claimed cards and open reminders, and the most severe open cards. ' +
          'All within the vet’s scope.',
        response: { 200: homeResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => getHome(deps, sessionVet(request)),
  );
};
