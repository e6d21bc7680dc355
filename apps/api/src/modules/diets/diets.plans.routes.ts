import {
  currentDietPlanResponseSchema,
  dietPlanCreateResponseSchema,
  dietPlanCreateSchema,
  dietProgressResponseSchema,
  errorResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../plugins/app/authenticate.ts';
import { createDietPlan, getCurrentDietPlan, getDietProgress } from './diets.plans.service.ts';

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
      const created = await createDietPlan(deps, request.body, sessionVet(request));
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
  app.get(
    '/:id/diet-progress',
    {
      schema: {
        operationId: 'getDietProgress',
        tags,
        description:
          "How the pet's current published weight-loss or weight-gain diet is doing: the planned line from its start weight to the target at 1 % of the start weight a week, the latest entry against it (on track, behind or ahead within 2 %), the date the current rate reaches the target, and an earlier assessment suggested after three weeks behind. Null with the reason when there is no such goal.",
        params: z.object({ id: z.uuid() }),
        response: { 200: dietProgressResponseSchema, ...errors },
      },
    },
    async (request) => getDietProgress(deps, sessionVet(request), request.params.id),
  );
};
