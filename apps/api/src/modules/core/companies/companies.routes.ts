import {
  companyContactsSchema,
  companyResponseSchema,
  companySkuSchema,
  errorResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { getCompany, updateCompanyContacts } from './companies.service.ts';

const tags = ['companies'];

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, now: app.clock.now };

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

  app.put(
    '/:id/contacts',
    {
      schema: {
        operationId: 'updateCompanyContacts',
        tags,
        description:
          'Where the company’s daily statuses and urgent reports are e-mailed (head vets only; addresses are ' +
          'validated, lower-cased and kept once each).',
        params: z.object({ id: companySkuSchema }),
        body: companyContactsSchema,
        response: {
          200: companyResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      company: await updateCompanyContacts(deps, sessionVet(request), request.params.id, request.body),
    }),
  );
};
