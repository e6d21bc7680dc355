import {
  errorResponseSchema,
  weightEntryCreateSchema,
  weightEntryResponseSchema,
  weightEntryUpdateSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { correctWeightEntry, createWeightEntry } from './trackers.weight.service.ts';

const tags = ['weight'];
const writeErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** Vets add and correct weight entries; a pet's entries and chart are read under `/v1/pets/{id}`. */
export const weightRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, now: app.clock.now };

  app.post(
    '/',
    {
      schema: {
        operationId: 'createWeightEntry',
        tags,
        description:
          'Adds a weight (kg, two decimals) measured by the vet of the session. `measuredAt` may be at most ' +
          "5 minutes ahead and not before the pet's birth date. The answer carries the entry's sentiment.",
        body: weightEntryCreateSchema,
        response: { 201: weightEntryResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const weightEntry = await createWeightEntry(deps, sessionVet(request), request.body);
      return reply.status(201).send({ weightEntry });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        operationId: 'updateWeightEntry',
        tags,
        description:
          'Corrects an entry (value, date, location; `note` left out is kept, null clears it). The change ' +
          "is audited with the values before and after; the entry's author stays who measured it.",
        params: z.object({ id: z.uuid() }),
        body: weightEntryUpdateSchema,
        response: { 200: weightEntryResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const weightEntry = await correctWeightEntry(
        deps,
        sessionVet(request),
        request.params.id,
        request.body,
      );
      return { weightEntry };
    },
  );
};
