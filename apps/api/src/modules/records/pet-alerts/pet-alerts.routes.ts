import { errorResponseSchema, petAlertCreateSchema, petAlertListResponseSchema } from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { listPetAlerts, type PetAlertsDeps, removePetAlert, setPetAlert } from './pet-alerts.service.ts';

const tags = ['pet-alerts'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** Under /v1/pets: a pet's patient alerts. */
export const petAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PetAlertsDeps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/:id/alerts',
    {
      schema: {
        operationId: 'listPetAlerts',
        tags,
        description:
          'The pet’s patient alerts ("Will bite", "Do not sedate", …), oldest first, with who set them.',
        params: idParams,
        response: { 200: petAlertListResponseSchema, ...errors },
      },
    },
    async (request) => listPetAlerts(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/alerts',
    {
      schema: {
        operationId: 'setPetAlert',
        tags,
        description:
          'Sets an alert on the pet: one of the fixed kinds, or `other` with the vet’s words; answers the pet’s ' +
          'alerts. 409 `pet_alerts.already_set` for a kind the pet has.',
        params: idParams,
        body: petAlertCreateSchema,
        response: { 201: petAlertListResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await setPetAlert(deps, sessionVet(request), request.params.id, request.body)),
  );

  app.delete(
    '/:id/alerts/:alertId',
    {
      schema: {
        operationId: 'removePetAlert',
        tags,
        description:
          'Takes an alert off the pet (kept with who removed it and when); answers the pet’s alerts.',
        params: z.object({ id: z.uuid(), alertId: z.uuid() }),
        response: { 200: petAlertListResponseSchema, ...errors },
      },
    },
    async (request) => removePetAlert(deps, sessionVet(request), request.params.id, request.params.alertId),
  );
};
