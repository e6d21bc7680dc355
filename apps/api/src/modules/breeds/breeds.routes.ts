import { breedListQuerySchema, breedListResponseSchema, errorResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toBreedDto } from './breeds.mapper.ts';
import { listBreeds } from './breeds.repository.ts';

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
    async (request) => {
      const rows = await listBreeds(db, { species: request.query.species });
      return { breeds: rows.map(toBreedDto) };
    },
  );
};
