import {
  errorResponseSchema,
  subscriptionListQuerySchema,
  subscriptionListResponseSchema,
  subscriptionResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { toSubscriptionDto } from './subscriptions.mapper.ts';
import { getSubscription, listSubscriptionsPage } from './subscriptions.service.ts';

const tags = ['subscriptions'];

export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listSubscriptions',
        tags,
        querystring: subscriptionListQuerySchema,
        response: { 200: subscriptionListResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listSubscriptionsPage(deps, sessionVet(request), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getSubscription',
        tags,
        params: z.object({ id: z.uuid() }),
        response: {
          200: subscriptionResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      subscription: toSubscriptionDto(await getSubscription(deps, sessionVet(request), request.params.id)),
    }),
  );
};
