import {
  errorResponseSchema,
  healthProfileResponseSchema,
  petListQuerySchema,
  petListResponseSchema,
  petPatchResponseSchema,
  petPatchSchema,
  petResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { getHealthProfile, getPet, listPets, patchPet } from './pets.service.ts';

const tags = ['pets'];
const idParams = z.object({ id: z.uuid() });
const readErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const petsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listPets',
        tags,
        description:
          'The pets the vet may see, by name (a B2B vet’s: their company’s), searched by name and filtered ' +
          'by species, a page at a time.',
        querystring: petListQuerySchema,
        response: { 200: petListResponseSchema, ...readErrors },
      },
    },
    async (request) => listPets(deps, sessionVet(request), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getPet',
        tags,
        description: "The pet's profile and its owner's home location (the pet's charts use its timezone).",
        params: idParams,
        response: { 200: petResponseSchema, ...readErrors },
      },
    },
    async (request) => getPet(deps, sessionVet(request), request.params.id),
  );

  app.get(
    '/:id/health-profile',
    {
      schema: {
        operationId: 'getPetHealthProfile',
        tags,
        description: 'A pet whose health profile was never filled in gets an empty one.',
        params: idParams,
        response: { 200: healthProfileResponseSchema, ...readErrors },
      },
    },
    async (request) => ({
      healthProfile: await getHealthProfile(deps, sessionVet(request), request.params.id),
    }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        operationId: 'updatePet',
        tags,
        description:
          'Changes only the fields sent. A breed must belong to the species; changing the species with a breed ' +
          'of the old one requires `breedId` (a new breed, or null).',
        params: idParams,
        body: petPatchSchema,
        response: { 200: petPatchResponseSchema, ...readErrors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      return patchPet(deps, sessionVet(request), request.params.id, request.body);
    },
  );
};
