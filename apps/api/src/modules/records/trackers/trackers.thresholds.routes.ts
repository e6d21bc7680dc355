import {
  errorResponseSchema,
  respiratoryThresholdsPutSchema,
  respiratoryThresholdsResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { getThresholds, putThresholds, resetThresholds } from './trackers.thresholds.service.ts';

const tags = ['trackers'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** The trackers module's routes under `/v1/pets/{id}/…` (the pets module keeps its own plugin). */
export const trackersPetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/:id/respiratory-thresholds',
    {
      schema: {
        operationId: 'getRespiratoryThresholds',
        tags,
        description:
          "The thresholds the pet's respiratory `abnormal` values are computed with: its override, else its species' defaults.",
        params: idParams,
        response: { 200: respiratoryThresholdsResponseSchema, ...errors },
      },
    },
    async (request) => getThresholds(deps, sessionVet(request), request.params.id),
  );

  app.put(
    '/:id/respiratory-thresholds',
    {
      schema: {
        operationId: 'putRespiratoryThresholds',
        summary: "Set the pet's respiratory thresholds",
        tags,
        description:
          "Sets the pet's own thresholds (low < high < high-orange < high-red); past readings are reclassified at read time.",
        params: idParams,
        body: respiratoryThresholdsPutSchema,
        response: { 200: respiratoryThresholdsResponseSchema, ...errors },
      },
    },
    async (request) => {
      return putThresholds(deps, sessionVet(request), request.params.id, request.body);
    },
  );

  app.delete(
    '/:id/respiratory-thresholds',
    {
      schema: {
        operationId: 'resetRespiratoryThresholds',
        summary: 'Reset respiratory thresholds to the species defaults',
        tags,
        description: "Drops the pet's own thresholds: its species' defaults apply again.",
        params: idParams,
        response: { 200: respiratoryThresholdsResponseSchema, ...errors },
      },
    },
    async (request) => {
      return resetThresholds(deps, sessionVet(request), request.params.id);
    },
  );
};
