import {
  errorResponseSchema,
  integrationCreatedResponseSchema,
  integrationCreateSchema,
  integrationListResponseSchema,
  integrationResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import {
  createIntegrationFromDashboard,
  type IntegrationsDashboardDeps,
  listIntegrationsPage,
  revokeIntegrationFromDashboard,
} from './integrations.dashboard.service.ts';

const tags = ['integrations'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: IntegrationsDashboardDeps = {
    db: app.database.db,
    companyExists: (sku) => app.services.companyExists(sku),
  };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listIntegrations',
        tags,
        description:
          'Head vets only: every integration token (active first, then revoked), with its scopes, company ' +
          'and last use (to the minute). Never the token itself.',
        response: { 200: integrationListResponseSchema, ...errors },
      },
    },
    async (request) => listIntegrationsPage(deps, sessionVet(request)),
  );

  app.post(
    '/',
    {
      schema: {
        operationId: 'createIntegration',
        tags,
        description:
          'Head vets only: a new integration token with its scopes (`readings`: the collar platform’s ' +
          'readings; `owner_app`: the owner app’s journal entries, questions, records and checkup answers) ' +
          'and, optionally, the company whose pets alone it may write about. The token is in this answer ' +
          'only; 409 `integrations.name_taken` while another active one has the name.',
        body: integrationCreateSchema,
        response: { 201: integrationCreatedResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createIntegrationFromDashboard(deps, sessionVet(request), request.body);
    },
  );

  app.post(
    '/:id/revoke',
    {
      config: { recentSecondFactor: true },
      schema: {
        operationId: 'revokeIntegration',
        tags,
        description:
          'Head vets only: the token stops working with its next call. 404 when already revoked. A head vet ' +
          'with a second factor gives it again first (403 `auth.recent_second_factor_required` if not in the ' +
          'last 10 minutes).',
        params: z.object({ id: z.uuid() }),
        response: { 200: integrationResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => revokeIntegrationFromDashboard(deps, sessionVet(request), request.params.id),
  );
};
