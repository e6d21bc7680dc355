import { errorResponseSchema, searchQuerySchema, searchResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import type { ViewSources } from '../../manifest.ts';
import { searchEverything } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod<ViewSources> = async (app, options) => {
  const deps = { db: app.database.db, petAlertBadges: options.petAlertBadges };

  app.get(
    '/',
    {
      schema: {
        operationId: 'search',
        tags: ['search'],
        description:
          'Pets (name, microchip), owners and vets (name, e-mail) in one list, best first: exact, then prefix, then contains, then alike (typos).',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => searchEverything(deps, sessionVet(request), request.query),
  );
};
