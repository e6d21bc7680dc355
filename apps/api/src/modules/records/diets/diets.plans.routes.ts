import {
  currentDietPlanResponseSchema,
  dietPlanCreateResponseSchema,
  dietPlanCreateSchema,
  errorResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { createDietPlan, getCurrentDietPlan } from './diets.plans.service.ts';

const tags = ['diets'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const dietPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, now: app.clock.now };

  app.post(
    '/',
    {
      schema: {
        operationId: 'createDietPlan',
        tags,
        description:
          "Starts a new plan for the pet: it becomes the pet's current plan and the previous one ends.",
        body: dietPlanCreateSchema,
        response: { 201: dietPlanCreateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createDietPlan(deps, sessionVet(request), request.body);
      return reply.status(201).send(created);
    },
  );
};

/** The diet plans module's route under `/v1/pets/{id}/…` (the pets module keeps its own plugin). */
export const dietPlansPetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db };

  app.get(
    '/:id/current-diet-plan',
    {
      schema: {
        operationId: 'getCurrentDietPlan',
        tags,
        description: "The pet's open plan with its current (published) diet; null when the pet has none.",
        params: z.object({ id: z.uuid() }),
        response: { 200: currentDietPlanResponseSchema, ...errors },
      },
    },
    async (request) => getCurrentDietPlan(deps, sessionVet(request), request.params.id),
  );
};
