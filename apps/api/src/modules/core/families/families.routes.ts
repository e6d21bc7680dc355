import { errorResponseSchema, familyOwnerSchema, familyPetsResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { getFamilyOwner, getFamilyPets } from './families.service.ts';

const tags = ['families'];
const params = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const familiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db };

  app.get(
    '/:id/owner',
    {
      schema: {
        operationId: 'getFamilyOwner',
        tags,
        params,
        response: { 200: familyOwnerSchema, ...errors },
      },
    },
    async (request) => getFamilyOwner(deps, sessionVet(request), request.params.id),
  );

  app.get(
    '/:id/pets',
    {
      schema: {
        operationId: 'getFamilyPets',
        tags,
        params,
        response: { 200: familyPetsResponseSchema, ...errors },
      },
    },
    async (request) => getFamilyPets(deps, sessionVet(request), request.params.id),
  );
};
