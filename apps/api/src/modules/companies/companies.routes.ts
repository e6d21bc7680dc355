import { companyResponseSchema, companySkuSchema, errorResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../plugins/app/authenticate.ts';
import { getCompany } from './companies.service.ts';

const tags = ['companies'];

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db };

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getCompany',
        tags,
        // DOMAIN.md: companies are the one resource addressed by their sku, not a UUID.
        params: z.object({ id: companySkuSchema }),
        response: {
          200: companyResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ company: await getCompany(deps, sessionVet(request), request.params.id) }),
  );
};
