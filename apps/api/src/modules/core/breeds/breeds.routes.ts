import { breedListQuerySchema, breedListResponseSchema, errorResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listBreedsOf } from './breeds.service.ts';

const tags = ['breeds'];

export const breedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/',
    {
      schema: {
        operationId: 'listBreeds',
        tags,
        description: "A species' breeds: 'Mixed breed' first, then by name.",
        querystring: breedListQuerySchema,
        response: { 200: breedListResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listBreedsOf({ db }, { species: request.query.species }),
  );
};
